import { z } from 'zod';
import { ORDER_ACTIONS, ORDER_TYPES } from './order-status.ts';

// The order as the API answers it ("Order product"): the server's reply schema (OpenAPI) and
// the page's type, one definition. Money in integer cents, times ISO 8601.

/** as the API answers it (money in cents). */
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

/** as the API answers it; `actions` are the buttons for this order. */
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
});
export type Order = z.infer<typeof orderSchema>;
export type OrderProduct = z.infer<typeof orderProductSchema>;
