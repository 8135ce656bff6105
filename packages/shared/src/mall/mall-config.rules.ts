// The mall configuration's groups, defaults, the page's reading of a reply and the checkout rules, without zod
// (mall-config.ts, which re-exports them, holds the schemas the server checks every value with): every page
// reads the configuration, and none loads zod for it.
import { isDrugClass, isPrescriptionProduct } from '../catalogue/catalogue.ts';
import { formatYuan } from '../common/money.ts';
import type { MallConfig } from './mall-config.ts';

export const MALL_CONFIG_GROUPS = ['m-mall', 'mall-global'] as const;
export type MallConfigGroup = (typeof MALL_CONFIG_GROUPS)[number];

/** The defaults: the spec's purchase limits, the texts the pages showed before the configuration existed. */
export const DEFAULT_MALL_CONFIG: MallConfig = {
  callbackAvailable: true,
  slogan: '安心购药 药师在线',
  onlinePay: true,
  badge: '',
  freight: '满{threshold}元包邮',
  freeFreight: '已满足包邮条件',
  loadingDelay: 300,
  globalMaximumAmount: 500_000,
  globalMaximumTotal: 2_600_000,
  hotline: '400-600-1212',
  returnsHotline: '400-600-3434',
  serviceHours: '08:00-23:00',
  afterSaleDays: 7,
  afterSaleNoReason: true,
  afterSaleReturnAddress: '上海市浦东新区张江路88号 安心大药房售后部 收 400-600-3434',
  newUserCouponAd: '新人礼包 ¥{total} 健康补贴已到账',
  orderAppBox: false,
  appBoxInfo: '',
  ad: '',
  commonResource1: '',
  commonResource2: '',
  commonResource3: '',
  rxCartButtonText: '加入需求清单',
  rxSettleButtonText: '去结算',
  rxOrderButtonText: '提交订单',
  rxCartNotice: '需求清单中的处方药：提交订单后需完善问诊信息方可付款，经执业药师审核处方通过后发货。',
  rxSettleNotice: '订单含处方药：提交后需完善问诊信息方可付款，经执业药师审核处方通过后发货。',
  onlyAddIntoAccount: false,
  onlyBuyBioticFromDocter: false,
  onlyBuyRxFromDocter: false,
  isShowPromoInfo: true,
  isCartRxAndNotDrug: true,
  isOrderShowRx: true,
};

/**
 * The page's reading of `GET /v2/mall/config`. The server has checked every value against its schema
 * (`mergeMallConfig`) before answering; the page keeps a key only when its value has its default's type, so a
 * key the reply lacks or gives in another shape shows its default instead of breaking the page.
 */
export function readMallConfigReply(reply: unknown): MallConfig {
  const config: Record<string, unknown> = { ...DEFAULT_MALL_CONFIG };
  if (!reply || typeof reply !== 'object') return DEFAULT_MALL_CONFIG;
  for (const [key, value] of Object.entries(reply)) {
    if (Object.hasOwn(DEFAULT_MALL_CONFIG, key) && typeof value === typeof config[key]) config[key] = value;
  }
  return config as MallConfig;
}

/** What a hotline may hold: digits with '-' between them, 4 to 20 characters. */
export const HOTLINE_PATTERN = /^\d[\d-]{2,18}\d$/;

/** A hotline as a link a phone dials: `tel:` and its digits, without the '-'. */
export function hotlineHref(hotline: string): string {
  return `tel:${hotline.replaceAll('-', '')}`;
}

/** `{threshold}` in the freight text becomes the free-freight amount in yuan ('满{threshold}元包邮' → '满99元包邮'). */
export function freightText(template: string, thresholdCents: number): string {
  return template.replaceAll('{threshold}', formatYuan(thresholdCents).replace(/\.00$/, ''));
}

export const mallLimitMessages = {
  tooManyPieces: (max: number) => `单笔订单商品数量不能超过${max}件，请分开下单`,
  tooMuchMoney: (maxCents: number) =>
    `单笔订单商品金额不能超过${formatYuan(maxCents).replace(/\.00$/, '')}元，请分开下单`,
  rxOnlyThroughDemandList: '处方药请加入需求清单，经药师审核后购买',
  rxWithNonDrug: '处方药不能与非药品一起结算，请分开结算',
};

/** A line as the checkout rules of the mall configuration see it. */
export type CheckoutRuleLine = { price: number; quantity: number; prescriptionType: number; classCode: string };

/**
 * The mall configuration's rules for one order (the server applies them when it makes a settlement and again
 * when it places the order): 立即购买 of a prescription product while `onlyBuyRxFromDocter`; prescription drugs
 * with non-drug products while `isCartRxAndNotDrug` is off; more than `globalMaximumAmount` pieces or
 * `globalMaximumTotal` cents of product money. Answers the refusal's message, or null.
 */
export function checkoutRefusal(
  config: MallConfig,
  source: 'cart' | 'buyNow',
  lines: CheckoutRuleLine[],
): string | null {
  const hasRx = lines.some((line) => isPrescriptionProduct(line.prescriptionType));
  if (hasRx && source === 'buyNow' && config.onlyBuyRxFromDocter) return mallLimitMessages.rxOnlyThroughDemandList;
  if (hasRx && !config.isCartRxAndNotDrug && lines.some((line) => !isDrugClass(line.classCode))) {
    return mallLimitMessages.rxWithNonDrug;
  }
  const pieces = lines.reduce((total, line) => total + line.quantity, 0);
  if (pieces > config.globalMaximumAmount) return mallLimitMessages.tooManyPieces(config.globalMaximumAmount);
  const productMoney = lines.reduce((total, line) => total + line.price * line.quantity, 0);
  if (productMoney > config.globalMaximumTotal) return mallLimitMessages.tooMuchMoney(config.globalMaximumTotal);
  return null;
}
