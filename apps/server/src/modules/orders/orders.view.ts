import { maskPhone } from '@anxin/shared/common/phone';
import type { Order, OrderProduct } from '@anxin/shared/orders/order.contract';
import {
  actionsFor,
  isInvoicedStatus,
  linesForDisplay,
  ORDER_STATUS_NAME,
  PAYMENT_TYPE_NAME,
} from '@anxin/shared/orders/order-status';
import { orderAfterSaleOf } from './after-sale-lines.ts';
import type { OrderLineRow, OrderRow } from './orders.schema.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOrderProductView(line: OrderLineRow): OrderProduct {
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

export function toOrderView(row: OrderRow, lines: OrderLineRow[]): Order {
  const facts = {
    orderType: row.orderType,
    orderStatus: row.orderStatus,
    isRxDrug: row.isRxDrug,
    isPrescriptionComplete: row.isPrescriptionComplete,
    isPaid: row.paidAt !== null,
    paymentType: row.paymentType,
  };
  const afterSale = orderAfterSaleOf(lines);
  // An open after-sale request holds the review back (docs/AFTERSALE.md): no 评价 button while it is open.
  const actions = actionsFor(facts).filter((action) => action !== 'evaluate' || !afterSale.hasOpenRequest);
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
    mallCoinMoney: row.mallCoinMoney,
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
    actions,
    orderProducts: linesForDisplay(lines).map(toOrderProductView),
    afterSale,
  };
}
