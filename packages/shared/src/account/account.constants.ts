// Values of the account side that the sign-in pages need before any rule is checked, without zod (the
// schema modules re-export them).

// ---- Input limits (the pages use them as the inputs' maxLength) ----
/** The SMS code has 6 digits. */
export const SMS_CODE_LENGTH = 6;
export const LOGIN_NAME_MAX_LENGTH = 20;
export const LOGIN_PASSWORD_MAX_LENGTH = 20;
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_MAX_LENGTH = 16;
export const LEGACY_PASSWORD_MIN_LENGTH = 6;
export const LEGACY_PASSWORD_MAX_LENGTH = 16;

/** Error codes of phone binding, third-party binding and account deletion that the pages react to (the body's `code`). */
export const AccountSafetyCode = {
  /** The phone belongs to another account: the page offers 关联账号 / 绑定新手机号. */
  phoneRegistered: 'PHONE_REGISTERED',
  /** The third-party account is bound to another member (该账号已关联其他账号). */
  thirdAccountTaken: 'THIRD_ACCOUNT_TAKEN',
  /** SMS sign-in of an account in its cooling-off period: the page offers 撤销注销申请. */
  accountClosing: 'ACCOUNT_CLOSING',
} as const;

/** The close-origin header of POST closeapply (a fixed value identifying the PC mall). */
export const CLOSE_ORIGIN_HEADER = 'close-origin';
export const CLOSE_ORIGIN_PC_MALL = 'PC_MALL';
/** Days between the deletion request and the anonymisation; signing in meanwhile offers to withdraw. */
export const ACCOUNT_CLOSING_COOLING_OFF_DAYS = 15;
