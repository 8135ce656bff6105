// Error codes of the API's error body. The two numeric-looking codes are the ones the spec names
// (docs/API-CONVENTIONS.md): keep them as written, the page reacts to them.
export const ErrorCode = {
  validationFailed: 'VALIDATION_FAILED',
  notSignedIn: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  linkExpired: 'LINK_EXPIRED',
  internal: 'INTERNAL',
  /** Password login of a third-party account without a phone: the page asks to bind one. */
  phoneNeedsBinding: '1001000003',
  /** The password must be changed after the system upgrade (reset of type update). */
  passwordMustUpdate: 'MEM0010001',
  captchaRequired: 'CAPTCHA_REQUIRED',
  /** Password login refused: unknown account, wrong password and locked account alike (one reply). */
  loginFailed: 'LOGIN_FAILED',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The JSON body of every error reply. `message` is Chinese, fit to show as it is. */
export type ApiErrorBody = {
  code: string;
  message: string;
  /** Present on 400 VALIDATION_FAILED: one entry per failing field. */
  fields?: { field: string; message: string }[];
};
