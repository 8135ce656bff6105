// The mall configuration (docs/MALL-CONFIG.md): texts and flags the operator changes without a release, served
// by `GET /v2/mall/config?module=m-mall,mall-global` as one object merged from both groups. The defaults below
// are the one copy: the server answers them for every key nobody set, and the page uses them when a key is
// missing or the call fails, so the pages look the same either way.
import { z } from 'zod';
import { isDrugClass, isPrescriptionProduct } from '../catalogue/catalogue.ts';
import { MSG } from '../common/messages.ts';
import { formatYuan } from '../common/money.ts';

export const MALL_CONFIG_GROUPS = ['m-mall', 'mall-global'] as const;
export type MallConfigGroup = (typeof MALL_CONFIG_GROUPS)[number];

const text = (max: number) => z.string().trim().max(max);
const flag = z.boolean();
const limit = z.number().int().positive().max(1_000_000_000);

/**
 * Every key with its group and the values it takes. `mall-global` holds what every page and the checkout
 * share; `m-mall` what the mall's pages show. A key lives in exactly one group, so the merge never has to
 * choose between two values.
 */
export const mallConfigSchemas = {
  'mall-global': {
    callbackAvailable: flag,
    /** Shown in the storefront header next to the logo. */
    slogan: text(16),
    onlinePay: flag,
    badge: text(20),
    /** The free-freight rule as shown on the product, cart and settle pages; `{threshold}` is the amount. */
    freight: text(40),
    /** The cart's note once the selection ships free. */
    freeFreight: text(40),
    loadingDelay: z.number().int().min(0).max(10_000),
    /** The most pieces (sum of line quantities) one order may hold. */
    globalMaximumAmount: limit,
    /** The most product money (cents, before subsidies and coins) one order may hold. */
    globalMaximumTotal: limit,
  },
  'm-mall': {
    /** The new-user gift banner's title on the member home; `{total}` is the unused gift money; empty hides it. */
    newUserCouponAd: text(40),
    orderAppBox: flag,
    appBoxInfo: text(100),
    ad: text(200),
    commonResource1: text(200),
    commonResource2: text(200),
    commonResource3: text(200),
    /** Prescription-compliance labels: the add button of a prescription product (product page, search). */
    rxCartButtonText: text(10),
    /** The cart's settle button while the selection holds a prescription product. */
    rxSettleButtonText: text(10),
    /** The settle page's submit button for an order with a prescription product. */
    rxOrderButtonText: text(10),
    /** The cart's note above a list that holds prescription products. */
    rxCartNotice: text(100),
    /** The settle page's note for an order with a prescription product. */
    rxSettleNotice: text(100),
    onlyAddIntoAccount: flag,
    onlyBuyBioticFromDocter: flag,
    /** Prescription products only through the demand list: no 立即购买 for them (the server refuses it too). */
    onlyBuyRxFromDocter: flag,
    isShowPromoInfo: flag,
    /** Prescription drugs and non-drug products may be settled together in one order. */
    isCartRxAndNotDrug: flag,
    /** The order list and detail mark prescription orders and lines (处方订单 / 处方药). */
    isOrderShowRx: flag,
  },
} as const;

export const mallConfigSchema = z.object({
  ...mallConfigSchemas['mall-global'],
  ...mallConfigSchemas['m-mall'],
});
export type MallConfig = z.infer<typeof mallConfigSchema>;
export type MallConfigKey = keyof MallConfig;

/** `GET /v2/mall/config`: the keys of the asked groups only, merged into one object. */
export const mallConfigReplySchema = mallConfigSchema.partial();
export type MallConfigReply = z.infer<typeof mallConfigReplySchema>;

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

/** The group a key belongs to, or undefined for an unknown key. */
export function mallConfigGroupOf(key: string): MallConfigGroup | undefined {
  return MALL_CONFIG_GROUPS.find((group) => Object.hasOwn(mallConfigSchemas[group], key));
}

/**
 * The stored values of the groups over the defaults, key by key: a key whose stored value no longer fits its
 * schema (an old row, a hand edit) falls back to its default instead of spoiling the whole reply.
 */
export function mergeMallConfig(stored: Partial<Record<MallConfigGroup, unknown>>): MallConfig {
  const config: Record<string, unknown> = { ...DEFAULT_MALL_CONFIG };
  for (const group of MALL_CONFIG_GROUPS) {
    const values = stored[group];
    if (!values || typeof values !== 'object') continue;
    for (const [key, schema] of Object.entries(mallConfigSchemas[group])) {
      const parsed = (schema as z.ZodType).safeParse((values as Record<string, unknown>)[key]);
      if (parsed.success) config[key] = parsed.data;
    }
  }
  return config as MallConfig;
}

/** `?module=m-mall,mall-global`: one or both groups, comma separated. */
export const mallConfigQuerySchema = z.object({
  module: z
    .string()
    .default(MALL_CONFIG_GROUPS.join(','))
    .transform((value) => value.split(',').map((item) => item.trim()))
    .pipe(z.array(z.enum(MALL_CONFIG_GROUPS, { error: MSG.mallConfigModuleInvalid })).min(1)),
});

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
