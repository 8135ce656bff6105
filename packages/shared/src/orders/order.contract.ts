import { z } from 'zod';
import { ORDER_ACTIONS, ORDER_TYPES } from './order-status.ts';
import { REVIEW_TAGS } from './review.schemas.ts';

// The order as the API answers it ("Order product"): the server's reply schema (OpenAPI) and
// the page's type, one definition. Money in integer cents, times ISO 8601.

/** An order's product line as the API answers it (money in cents). */
export const orderProductSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  productImageUrl: z.string().nullable(),
  packing: z.string().nullable(),
  amount: z.number().int(),
  actualPrice: z.number().int(),
  mark: z.number().int(),
  prescriptionType: z.number().int(),
  combinationId: z.string().nullable(),
  classCode: z.string().nullable(),
});

/**
 * What the member's order replies say for 申请售后 (docs/AFTERSALE.md): whether a request is open on the order
 * (then it cannot be reviewed, and its held lines not asked for again) and, per line, how many pieces may still
 * be asked for (bought minus refunded and held by open requests; 0 for a gift). Whether the order's status and
 * the window allow a request: `isAfterSaleOpen` of the after-sale rules, with the mall's `afterSaleDays`.
 */
export const orderAfterSaleSchema = z.object({
  hasOpenRequest: z.boolean(),
  lines: z.array(z.object({ lineId: z.number().int(), productCode: z.string(), refundableQuantity: z.number().int() })),
});
export type OrderAfterSale = z.infer<typeof orderAfterSaleSchema>;

/** An order as the API answers it; `actions` are the buttons for this order. */
export const orderSchema = z.object({
  ordersCode: z.string(),
  parentOrderCode: z.string().nullable(),
  orderType: z.enum(ORDER_TYPES),
  orderStatus: z.number().int(),
  orderStatusName: z.string(),
  creationDate: z.string(),
  sum: z.number().int(),
  productMoney: z.number().int(),
  transportCosts: z.number().int(),
  couponValue: z.number().int(),
  /** Cents paid with health coins. */
  mallCoinMoney: z.number().int(),
  paymentType: z.number().int(),
  paymentTypeName: z.string(),
  paySource: z.string(),
  consignee: z.string(),
  /** Masked: 138****8000. */
  consigneePhone: z.string(),
  deliveryAddress: z.string(),
  isGlobalOrder: z.boolean(),
  isRxDrug: z.boolean(),
  rxDrug: z.boolean(),
  /** The prescription inquiry information is complete. */
  prescription: z.boolean(),
  isPaid: z.boolean(),
  payDeadline: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippingTime: z.string().nullable(),
  receivedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  invoice: z.boolean(),
  isInvoiced: z.boolean(),
  invoiceType: z.string().nullable(),
  consigneeType: z.string().nullable(),
  taxPayerNumber: z.string().nullable(),
  invoiceContent: z.string().nullable(),
  remark: z.string().nullable(),
  actions: z.array(z.enum(ORDER_ACTIONS)),
  orderProducts: z.array(orderProductSchema),
  /** The member's own order replies (`/v3/orders…`) carry it; other order shapes (the guest link's) do not. */
  afterSale: orderAfterSaleSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** `GET /v3/orders/{id}`: one order, or an array with one element per sub-order of a split order. */
export const orderDetailSchema = z.union([orderSchema, z.array(orderSchema)]);
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `GET /v3/orders/counts`: the order-count badges of the member home. */
export const orderCountsSchema = z.object({
  waitPay: z.number().int(),
  waitDelivery: z.number().int(),
  waitReceiving: z.number().int(),
  waitEvaluate: z.number().int(),
});
export type OrderCounts = z.infer<typeof orderCountsSchema>;

/** `PUT /v3/orders/{id}/rebuy`: how many of the order's products went back into the cart. */
export const rebuyReplySchema = z.object({ added: z.number().int() });
export type RebuyReply = z.infer<typeof rebuyReplySchema>;

/** A review already written for one product of the order. */
export const writtenReviewSchema = z.object({
  score: z.number().int(),
  labels: z.array(z.string()),
  content: z.string(),
  images: z.array(z.string()),
  isAnonymity: z.boolean(),
  createdAt: z.string(),
});
export type WrittenReview = z.infer<typeof writtenReviewSchema>;

/** `GET /v3/orders/{id}/evaluate`: the products to review, the tag options and any review already written. */
export const evaluationFormSchema = z.object({
  ordersCode: z.string(),
  orderType: z.enum(ORDER_TYPES),
  orderStatusName: z.string(),
  canEvaluate: z.boolean(),
  tags: z.array(z.enum(REVIEW_TAGS)),
  products: z.array(
    z.object({
      productCode: z.string(),
      productName: z.string(),
      productImageUrl: z.string().nullable(),
      packing: z.string().nullable(),
      review: writtenReviewSchema.nullable(),
    }),
  ),
});
export type EvaluationForm = z.infer<typeof evaluationFormSchema>;

/** `GET /v2/orders/logistics`: carrier, waybill, stages and tracking entries (newest first) of one order. */
export const orderLogisticsSchema = z.object({
  companeName: z.string(),
  shippingNo: z.string(),
  orderCode: z.string(),
  stages: z.array(z.object({ name: z.string(), reach: z.boolean(), time: z.string().nullable() })),
  logisticsList: z.array(z.object({ description: z.string(), time: z.string() })),
  /** Empty when there are tracking entries, else 暂无物流信息. */
  msg: z.string(),
});
export type OrderLogistics = z.infer<typeof orderLogisticsSchema>;
