// Third-party accounts: type codes 1 qq, 2 weixin, 3 alipay, 4 weibo; the login type of an
// account signed in through one is the third type plus 1 (2, 3, 4, 5); login type 1 is user name + password.

export const THIRD_PARTY_TYPES = [1, 2, 3, 4] as const;
export type ThirdType = (typeof THIRD_PARTY_TYPES)[number];

export const THIRD_PARTY_PROVIDERS = ['qq', 'weixin', 'alipay', 'weibo'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];

/** The name the page shows (ui-text: QQ · 微信 · 支付宝 · 微博). */
export const THIRD_PARTY_NAMES: Record<ThirdType, string> = { 1: 'QQ', 2: '微信', 3: '支付宝', 4: '微博' };

/** Login type 1: user name and password (the 1001000003 case of the password login). */
export const PASSWORD_LOGIN_TYPE = 1;

export const providerOfThirdType = (type: ThirdType): ThirdPartyProvider => THIRD_PARTY_PROVIDERS[type - 1];

export function thirdTypeOfProvider(provider: string): ThirdType | undefined {
  const index = (THIRD_PARTY_PROVIDERS as readonly string[]).indexOf(provider);
  return index < 0 ? undefined : THIRD_PARTY_TYPES[index];
}

export const loginTypeOfThirdType = (type: ThirdType) => type + 1;

export function thirdTypeOfLoginType(loginType: number): ThirdType | undefined {
  const type = loginType - 1;
  return (THIRD_PARTY_TYPES as readonly number[]).includes(type) ? (type as ThirdType) : undefined;
}

export function isThirdType(value: unknown): value is ThirdType {
  return typeof value === 'number' && (THIRD_PARTY_TYPES as readonly number[]).includes(value);
}

/** ui-text: 您的{QQ/微信/支付宝/微博}账号已关联成功，可直接使用该账号登录 */
export const bindSuccessMessage = (type: ThirdType) =>
  `您的${THIRD_PARTY_NAMES[type]}账号已关联成功，可直接使用该账号登录`;

/** Asked on the safety page before a bind takes effect, naming the account the provider vouched for. */
export const bindConfirmMessage = (type: ThirdType, nickname: string) =>
  `确认将${THIRD_PARTY_NAMES[type]}账号${nickname ? `「${nickname}」` : ''}绑定到当前账号？`;

/** The phone's account already has another account of this kind: the two cannot be merged. */
export const sameThirdBinderMessage = (type: ThirdType) => `该手机号已关联其他${THIRD_PARTY_NAMES[type]}账号，无法合并`;

/** The member already has an account of this kind bound (one per kind). */
export const alreadyBoundMessage = (type: ThirdType) => `您已绑定其他${THIRD_PARTY_NAMES[type]}账号，请先解绑`;
