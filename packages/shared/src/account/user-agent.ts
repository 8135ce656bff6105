// A short Chinese description of the device behind a sign-in, from its User-Agent (the safety page's
// session list). Pure string rules: good enough to recognise one's own devices, not a fingerprint.

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, '微信'],
  [/Edg(A|iOS)?\//, 'Edge'],
  [/(OPR|Opera)\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/HarmonyOS|OpenHarmony/, '鸿蒙'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export const UNKNOWN_DEVICE = '未知设备';

/** 'Chrome · Windows', 'Safari · iPhone', or 未知设备. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!system && !browser) return UNKNOWN_DEVICE;
  return [browser, system].filter(Boolean).join(' · ');
}

/** How the member signed in (sessions.method), as the page shows it. */
export const SIGN_IN_METHOD_NAMES: Record<string, string> = {
  sms: '短信验证码登录',
  password: '密码登录',
  qr: '扫码登录',
  register: '注册后登录',
  qq: 'QQ登录',
  weixin: '微信登录',
  alipay: '支付宝登录',
  weibo: '微博登录',
  'bind-phone': '绑定手机后登录',
  'close-withdraw': '撤销注销后登录',
  'password-update': '更新密码后登录',
  'guest-link': '订单支付链接注册后登录',
};

export const describeSignInMethod = (method: string) => SIGN_IN_METHOD_NAMES[method] ?? '其他方式登录';
