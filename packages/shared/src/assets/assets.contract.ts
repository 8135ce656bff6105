import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { pageNumberParam, pageOf, pageSizeParam } from '../common/page.ts';

// Member assets (docs/API-CONVENTIONS.md): health subsidies (coupons), health coins, the new-user gift
// pack and the member counts. The server's reply schemas and the page's types, one definition. Money in integer
// cents, times ISO 8601.

/** The coupon page shows 6 a page, the coin history 10. */
export const COUPON_PAGE_SIZE = 6;
export const COIN_PAGE_SIZE = 10;

/** 0 unused, 1 used, 2 expired. */
export const COUPON_STATUSES = ['0', '1', '2'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_TEXT: Record<CouponStatus, string> = { '0': '未使用', '1': '已使用', '2': '已过期' };

/** 1 ordinary (活动补贴), 4 freight (运费补贴). */
export const COUPON_TYPES = [1, 4] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** Where a coupon may be used: the whole mall, some product classes, some products. */
export const COUPON_SCOPES = ['all', 'classCodes', 'productCodes'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** DeviceType '3' means the coupon is for the app only (仅限APP使用). */
export const APP_ONLY_DEVICE_TYPE = '3';

/** Health coins at settlement: 100 coins pay ¥1 (the coin-rule text says so), at most the product money. */
export const COINS_PER_YUAN = 100;
/** What `coins` pay, in cents (whole cents, rounded down). */
export const coinsToCents = (coins: number) => Math.floor((coins * 100) / COINS_PER_YUAN);
/** The most coins an order may use: the balance, and no more than `capCents` of money. */
export const maxCoinsFor = (balance: number, capCents: number) =>
  Math.max(0, Math.min(balance, Math.floor((capCents * COINS_PER_YUAN) / 100)));

/** Coins earned: 1 per whole yuan paid when the member confirms receipt, and a fixed reward for the review. */
export const COINS_PER_YUAN_PAID = 1;
export const REVIEW_REWARD_COINS = 20;
export const coinsEarnedFor = (paidCents: number) => Math.floor(paidCents / 100) * COINS_PER_YUAN_PAID;

/** The coin-rule protocol text's fixed code (`GET /v2/protocols?protocolCodes=coin-rule&type=0`). */
export const COIN_RULE_PROTOCOL_CODE = 'coin-rule';

/** A coupon as the API answers it. */
export const couponSchema = z.object({
  id: z.number().int(),
  couponType: z.number().int(),
  couponValue: z.number().int(),
  minConsume: z.number().int(),
  /** The scope in words, e.g. 全场通用, 限感冒用药类商品. */
  usingRange: z.string(),
  scope: z.enum(COUPON_SCOPES),
  /** The class or product codes of a limited scope; empty for `all`. */
  scopeCodes: z.array(z.string()),
  deviceType: z.string().nullable(),
  status: z.enum(COUPON_STATUSES),
  activeDate: z.string(),
  expiredDate: z.string(),
  usedAt: z.string().nullable(),
  usedOrderCode: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** A coupon the settlement can use, with what it takes off that order (cents); the first is the best. */
export const settlementCouponSchema = couponSchema.extend({ discount: z.number().int() });
export type SettlementCoupon = z.infer<typeof settlementCouponSchema>;

export const couponPageSchema = pageOf(couponSchema);
export type CouponPage = z.infer<typeof couponPageSchema>;

/** `GET /v2/coupons/counts`: the member's coupons per status. */
export const couponCountsSchema = z.object({ '0': z.number().int(), '1': z.number().int(), '2': z.number().int() });
export type CouponCounts = z.infer<typeof couponCountsSchema>;

/** `GET /v2/coupons?status&page&size`. */
export const couponListQuerySchema = z.object({
  status: z.enum(COUPON_STATUSES, { error: MSG.couponStatusInvalid }).default('0'),
  page: pageNumberParam,
  size: pageSizeParam(COUPON_PAGE_SIZE),
});

/** A coin record as the API answers it: + earned, − spent. */
export const coinRecordSchema = z.object({
  id: z.number().int(),
  createDate: z.string(),
  coinAmount: z.number().int(),
  description: z.string(),
  orderCode: z.string().nullable(),
});
export type CoinRecord = z.infer<typeof coinRecordSchema>;

export const coinPageSchema = pageOf(coinRecordSchema);
export type CoinPage = z.infer<typeof coinPageSchema>;

/** `GET /v2/coins?page&size`. */
export const coinListQuerySchema = z.object({ page: pageNumberParam, size: pageSizeParam(COIN_PAGE_SIZE) });

/** `GET /v2/coins/total`: the balance. */
export const coinTotalSchema = z.object({ total: z.number().int() });
export type CoinTotal = z.infer<typeof coinTotalSchema>;

/** `GET /v2/member/counts` (docs/API-CONVENTIONS.md): favourites, unused coupons, coin balance. */
export const memberCountsSchema = z.object({
  favorites: z.number().int(),
  coupons: z.number().int(),
  coins: z.number().int(),
});
export type MemberCounts = z.infer<typeof memberCountsSchema>;

/** One entry per coupon of the pack, with its state. */
export const giftPackCouponSchema = z.object({
  couponStatus: z.enum(COUPON_STATUSES),
  /** How many coupons of this value the pack holds (1 each). */
  couponAmount: z.number().int(),
  couponValue: z.number().int(),
  couponType: z.number().int(),
  minConsume: z.number().int(),
});
/** `GET /v2/member/giftPack`: empty for a member who never received one (registered before the pack existed). */
export const giftPackSchema = z.object({ giftPacksCouponDTOS: z.array(giftPackCouponSchema) });
export type GiftPack = z.infer<typeof giftPackSchema>;

/** Is any coupon of the pack still unused? The member home shows the banner only then. */
export const hasUnusedGift = (pack: GiftPack) => pack.giftPacksCouponDTOS.some((c) => c.couponStatus === '0');
