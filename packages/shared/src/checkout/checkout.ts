// Settlement and placing an order: the request bodies and the replies (freight, the amounts and the payment
// types are in checkout.rules.ts, re-exported here).
import { z } from 'zod';
import { settlementCouponSchema } from '../assets/assets.contract.ts';
import { cartQuantitySchema } from '../cart/cart.ts';
import { productCodeSchema } from '../catalogue/catalogue.contract.ts';
import { MSG } from '../common/messages.ts';
import { invoiceRequestSchema } from '../invoices/invoice.contract.ts';

export * from './checkout.rules.ts';

/** `POST /v2/settle/buyNow`: skuCode, quantity 1, sourceHost. */
export const buyNowBodySchema = z.object({
  skuCode: productCodeSchema,
  quantity: cartQuantitySchema.default(1),
  sourceHost: z.string().max(200).optional(),
});
export type BuyNowBody = z.input<typeof buyNowBodySchema>;

export const settlementIdSchema = z.uuid({ error: MSG.settlementExpired });

/** `POST /v2/orders`: what the page chose. Prices are never taken from the page. */
export const placeOrderBodySchema = z.object({
  settlementId: settlementIdSchema,
  addressId: z.number({ error: MSG.addressRequired }).int({ error: MSG.addressRequired }).positive(),
  paymentType: z.union([z.literal(99), z.literal(1)], { error: MSG.paymentTypeRequired }),
  remark: z.string().trim().max(100, { error: MSG.orderRemarkTooLong }).optional(),
  /** The member's coupon to use (at most one per order); the server checks it again and recomputes. */
  couponId: z
    .number({ error: MSG.couponUnusable })
    .int({ error: MSG.couponUnusable })
    .positive({ error: MSG.couponUnusable })
    .max(Number.MAX_SAFE_INTEGER, { error: MSG.couponUnusable })
    .nullable()
    .optional(),
  /** Health coins to spend on this order (100 = ¥1, at most the product money after the coupon). */
  coins: z
    .number({ error: MSG.coinsInvalid })
    .int({ error: MSG.coinsInvalid })
    .min(0, { error: MSG.coinsInvalid })
    .max(1_000_000_000, { error: MSG.coinsInvalid })
    .optional(),
  /** The invoice wanted for this order (none: no invoice); issued when the order is received. */
  invoice: invoiceRequestSchema.nullable().optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

/** One line of a settlement, at today's catalogue price (cents). */
export const settlementLineSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  packing: z.string(),
  productImageUrl: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  prescriptionType: z.number().int(),
  stockStatus: z.number().int(),
  classCode: z.string(),
  lineTotal: z.number().int(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

/** `POST /v2/settle/buyNow`, `POST /v2/settle/cart`, `GET /v2/settle/{settlementId}`: a settlement to confirm. */
export const settlementSchema = z.object({
  settlementId: z.string(),
  source: z.enum(['cart', 'buyNow']),
  items: z.array(settlementLineSchema),
  productMoney: z.number().int().describe('cents'),
  freight: z.number().int().describe('cents: free from ¥99 of product money, else ¥10'),
  discount: z.number().int().describe('cents'),
  sum: z.number().int().describe('cents: productMoney + freight − discount'),
  /** The order will hold prescription products: it starts in waitAudit and needs the inquiry before paying. */
  isRxDrug: z.boolean(),
  expiresAt: z.string(),
  /**
   * The member's coupons usable on this order, the best first (the page preselects it). The amounts above are
   * without a coupon: the page takes the chosen one's `discount` off, the server does the same when placing.
   */
  coupons: z.array(settlementCouponSchema),
  /** The member's coin balance (the page offers up to `maxCoinsFor(coinBalance, product money − coupon)`). */
  coinBalance: z.number().int(),
});
export type SettlementView = z.infer<typeof settlementSchema>;

/** `POST /v2/orders`: the order just placed. */
export const placedOrderSchema = z.object({
  ordersCode: z.string(),
  orderType: z.string(),
  orderStatus: z.number().int(),
  sum: z.number().int(),
  paymentType: z.number().int(),
  paySource: z.string(),
  isRxDrug: z.boolean(),
  payDeadline: z.string().nullable(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;
