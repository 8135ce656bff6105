import { maskPhone } from '@anxin/shared/common/phone';
import {
  actionsFor,
  isInvoicedStatus,
  linesForDisplay,
  ORDER_ACTIONS,
  ORDER_STATUS_NAME,
  ORDER_TYPES,
  PAYMENT_TYPE_NAME,
} from '@anxin/shared/orders/order-status';
import { z } from 'zod';
import type { OrderLineRow, OrderRow } from './orders.schema.ts';

/** B §3 "Order product" as the API answers it (money in cents). */
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

/** B §3 "Order" as the API answers it; `actions` are the buttons of B §4 for this order. */
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
export type OrderView = z.infer<typeof orderSchema>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOrderProductView(line: OrderLineRow) {
  return {
    productCode: line.productCode,
    productName: line.productName,
    productImageUrl: line.productImageUrl,
    packing: line.packing,
    amount: line.amount,
    actualPrice: line.actualPrice,
    mark: line.mark,
    prescriptionType: line.prescriptionType,
    combinationId: line.combinationId,
    classCode: line.classCode,
  };
}

export function toOrderView(row: OrderRow, lines: OrderLineRow[]): OrderView {
  const facts = {
    orderType: row.orderType,
    orderStatus: row.orderStatus,
    isRxDrug: row.isRxDrug,
    isPrescriptionComplete: row.isPrescriptionComplete,
    isPaid: row.paidAt !== null,
    paymentType: row.paymentType,
  };
  return {
    ordersCode: row.ordersCode,
    parentOrderCode: row.parentOrderCode,
    orderType: row.orderType,
    orderStatus: row.orderStatus,
    orderStatusName: ORDER_STATUS_NAME[row.orderType],
    creationDate: row.creationDate.toISOString(),
    sum: row.sum,
    productMoney: row.productMoney,
    transportCosts: row.transportCosts,
    couponValue: row.couponValue,
    paymentType: row.paymentType,
    paymentTypeName: PAYMENT_TYPE_NAME[row.paymentType] ?? '在线支付',
    paySource: row.paySource,
    consignee: row.consignee,
    consigneePhone: maskPhone(row.consigneePhone),
    deliveryAddress: row.deliveryAddress,
    isGlobalOrder: false,
    isRxDrug: row.isRxDrug,
    rxDrug: row.isRxDrug,
    prescription: row.isPrescriptionComplete,
    isPaid: facts.isPaid,
    payDeadline: iso(row.payDeadline),
    paidAt: iso(row.paidAt),
    shippingTime: iso(row.shippingTime),
    receivedAt: iso(row.receivedAt),
    completedAt: iso(row.completedAt),
    canceledAt: iso(row.canceledAt),
    invoice: row.invoice,
    isInvoiced: isInvoicedStatus(row.orderStatus),
    invoiceType: row.invoiceType,
    consigneeType: row.consigneeType,
    taxPayerNumber: row.taxPayerNumber,
    invoiceContent: row.invoiceContent,
    remark: row.remark,
    actions: actionsFor(facts),
    orderProducts: linesForDisplay(lines).map(toOrderProductView),
  };
}
