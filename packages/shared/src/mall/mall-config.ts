// The mall configuration (docs/MALL-CONFIG.md): texts and flags the operator changes without a release, served
// by `GET /v2/mall/config?module=m-mall,mall-global` as one object merged from both groups. The defaults
// (mall-config.rules.ts) are the one copy: the server answers them for every key nobody set, and the page uses
// them when a key is missing or the call fails, so the pages look the same either way.
import { z } from 'zod';
import { SERVICE_HOURS_PATTERN } from '../chat/chat.rules.ts';
import { MSG } from '../common/messages.ts';
import { DEFAULT_MALL_CONFIG, HOTLINE_PATTERN, MALL_CONFIG_GROUPS, type MallConfigGroup } from './mall-config.rules.ts';

export * from './mall-config.rules.ts';

const text = (max: number) => z.string().trim().max(max);
/** A phone number to dial: digits with '-' between them (a 400 number, or an area code and a number). */
const hotline = z.string().trim().regex(HOTLINE_PATTERN, { error: MSG.mallHotlineInvalid });
/** `HH:mm-HH:mm` within one day, the start before the end (China time). */
const serviceHours = z
  .string()
  .trim()
  .refine((value) => SERVICE_HOURS_PATTERN.test(value) && value.slice(0, 5) < value.slice(6), {
    error: MSG.mallServiceHoursInvalid,
  });
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
    /**
     * The customer-service line, the one number every page shows: the footer's 订购热线, 客服热线 of the sign-in,
     * password, order and reservation pages and of the 链接已失效 dialog, the guest link's 24小时客服热线.
     */
    hotline,
    /** The footer's 退换货热线. */
    returnsHotline: hotline,
    /** When agents answer the online-service chat; outside them the window says when they are back. */
    serviceHours,
    /** After-sales (docs/AFTERSALE.md): how many days after receipt a member may still ask. */
    afterSaleDays: z.number().int().min(0).max(90),
    /** Goods other than medicines may go back without a reason (七天无理由) within those days. */
    afterSaleNoReason: flag,
    /** Where returned goods go: the console's approval of a 退货退款 starts with it. */
    afterSaleReturnAddress: text(100),
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
