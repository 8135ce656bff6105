import { isAfterSaleOpen } from '@anxin/shared/aftersale/aftersale.rules';
import type { Order } from '@anxin/shared/orders/order.contract';

/** Cash on delivery (paymentType 1): the money went to the courier, 客服 handles it by hand. */
const CASH_ON_DELIVERY = 1;

/**
 * Whether the order offers 申请售后: paid online, in a state and window that allow it (the mall's
 * `afterSaleDays` after receipt) and with a piece left to ask for. The apply page asks the server again.
 */
export function canApplyForAfterSale(
  order: Pick<Order, 'orderType' | 'receivedAt' | 'paymentType' | 'afterSale'>,
  afterSaleDays: number,
  now: Date,
): boolean {
  return (
    order.paymentType !== CASH_ON_DELIVERY &&
    order.afterSale !== undefined &&
    order.afterSale.lines.some((line) => line.refundableQuantity > 0) &&
    isAfterSaleOpen(order, afterSaleDays, now)
  );
}

export const applyPath = (ordersCode: string) => `/user/aftersale/apply/${encodeURIComponent(ordersCode)}`;
export const afterSaleDetailPath = (code: string) => `/user/aftersale/${encodeURIComponent(code)}`;
