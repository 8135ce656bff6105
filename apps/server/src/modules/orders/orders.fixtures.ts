// Orders in a chosen state, reached through the real state machine (placeOrder, then the events a real order
// would go through, each at its own moment). Used by the demo seed and the API tests.
import { type OrderEvent, type OrderType, PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { createOrderService, type PlaceOrderInput } from './orders.service.ts';

const PATH: Record<OrderType, OrderEvent[]> = {
  waitAudit: [],
  waitPay: [],
  waitDelivery: ['pay'],
  waitReceiving: ['pay', 'ship'],
  waitEvaluate: ['pay', 'ship', 'deliver', 'confirmReceipt'],
  completeTransaction: ['pay', 'ship', 'deliver', 'confirmReceipt', 'evaluate'],
  canceled: ['cancel'],
  refundOrder: ['pay', 'refund'],
  refundCompleteTransaction: ['pay', 'refund', 'refundComplete'],
};

/** Minutes after placing at which each event happens. */
const EVENT_DELAY_MINUTES: Partial<Record<OrderEvent, number>> = {
  auditPass: 20,
  pay: 25,
  cancel: 12,
  ship: 6 * 60,
  deliver: 2 * 24 * 60,
  confirmReceipt: 2 * 24 * 60 + 180,
  evaluate: 3 * 24 * 60,
  refund: 8 * 60,
  refundComplete: 2 * 24 * 60,
};

export const fixedClock = (date: Date): Clock => ({ now: () => date });

export type OrderInStateInput = Omit<PlaceOrderInput, 'creationDate'> & {
  target: OrderType;
  placedAt: Date;
  shipment?: { companeName: string; shippingNo: string; events?: { description: string; minutesAfterShip: number }[] };
};

/**
 * Places an order at `placedAt` and drives it to `target`. Prescription orders pass the audit first (except when
 * the target is waitAudit); a cash-on-delivery order skips `pay`. Events never happen after `now`.
 */
export async function placeOrderInState(tx: Executor, input: OrderInStateInput, now: Date) {
  const { target, placedAt, shipment, ...placeInput } = input;
  // Each step happens at its own moment: an order service on the caller's transaction with that moment's clock.
  const ordersAt = (at: Date) => createOrderService({ db: tx, clock: fixedClock(at) });
  const { order } = await ordersAt(placedAt).placeOrder(
    tx,
    { ...placeInput, creationDate: placedAt },
    { paymentTimeoutMinutes: 30 },
  );
  let events: OrderEvent[] = [...PATH[target]];
  if (order.paymentType === PAYMENT_TYPE.cashOnDelivery) events = events.filter((event) => event !== 'pay');
  if (order.orderType === 'waitAudit' && target !== 'waitAudit') {
    events = target === 'canceled' ? ['auditReject'] : ['auditPass', ...events];
  }
  let current = order;
  for (const event of events) {
    const at = new Date(
      Math.min(now.getTime() - 60_000, placedAt.getTime() + (EVENT_DELAY_MINUTES[event] ?? 1) * 60_000),
    );
    if (event === 'ship') {
      const carrier = shipment ?? { companeName: '顺丰速运', shippingNo: `SF${order.ordersCode.slice(-10)}` };
      current = (await ordersAt(at).shipOrder(tx, current.ordersCode, carrier)).order;
      for (const entry of shipment?.events ?? []) {
        const time = new Date(Math.min(now.getTime() - 30_000, at.getTime() + entry.minutesAfterShip * 60_000));
        await ordersAt(at).appendLogisticsEvent(tx, current.ordersCode, entry.description, time);
      }
    } else {
      current = await ordersAt(at).applyOrderEvent(tx, current.ordersCode, event);
    }
  }
  return current;
}
