// The money of an approved request (docs/AFTERSALE.md): its refund through the payment module, and what follows
// the gateway's success (the order's partRefunded event): 退款成功, the coins in proportion, and when nothing of
// the order is left, the order itself to 退款完成 (the coupon comes back with it). Each exactly once: the request
// moves 退款中 → 退款成功 with a conditional update, and only the call that moved it goes on.
import { AFTERSALE_MSG } from '@anxin/shared/aftersale/aftersale.contract';
import { isFreeLine } from '@anxin/shared/orders/order-status';
import type { Executor } from '../../db/client.ts';
import type { EventHandlers } from '../../platform/events.ts';
import { createCoinService } from '../assets/assets.module.ts';
import type { AuditActor } from '../audit/audit.module.ts';
import {
  createOrderService,
  findLinesOfOrders,
  type OrderEvents,
  type OrderRow,
  releaseAfterSaleLines,
} from '../orders/orders.module.ts';
import { requestAfterSaleRefund } from '../payments/payments.module.ts';
import { findAfterSale, findLiveAfterSalesOfOrder, moveAfterSale } from './aftersale.repository.ts';
import type { AfterSaleRow } from './aftersale.schema.ts';
import { linesHeldBy } from './aftersale.service.ts';

/** 退款中 → 退款成功: the pieces count refunded, the coins come back, and a fully returned order is refunded. */
async function completeRequest(tx: Executor, request: AfterSaleRow, order: OrderRow, now: Date) {
  const moved = await moveAfterSale(tx, request.id, ['refunding'], {
    status: 'refunded',
    refundedAt: now,
    updatedAt: now,
  });
  if (!moved) return;
  await releaseAfterSaleLines(tx, order.id, await linesHeldBy(tx, moved), 'refunded');
  if (moved.refundCoins > 0) await createCoinService(tx).returnOrderCoinsPart(tx, order, moved.refundCoins, now);
  const lines = await findLinesOfOrders(tx, [order.id]);
  const isAllRefunded = lines.every((line) => isFreeLine(line) || line.refundedQuantity === line.amount);
  if (!isAllRefunded) return;
  // Nothing of the order is left: it moves to 退款中 and 退款完成 like a whole refund (the payments module finds
  // nothing left to give back; the assets module gives back the coupon and any coins still owed).
  const orders = createOrderService({ db: tx, clock: { now: () => now } });
  await orders.applyOrderEvent(tx, order.ordersCode, 'refund');
  await orders.applyOrderEvent(tx, order.ordersCode, 'refundComplete');
}

/**
 * The request was approved (仅退款) or its goods came back (退货退款): 退款中, and its refund asked of the payment
 * module in the caller's transaction (the gateway is called after the commit). A request with no money to give
 * back (all paid in coins) is done at once. The caller holds the member's and the order's locks.
 */
export async function startRefund(tx: Executor, request: AfterSaleRow, order: OrderRow, actor: AuditActor, now: Date) {
  if (request.refundAmount > 0) {
    await requestAfterSaleRefund(tx, { order, afterSaleCode: request.code, amount: request.refundAmount, actor, now });
  } else {
    await completeRequest(tx, request, order, now);
  }
}

/**
 * The order's own events: the gateway gave an after-sale refund back (partRefunded, in the refund's transaction);
 * the whole order goes to 退款中 (the console's 退款, a rejected prescription), which gives back everything the
 * requests have not: the requests still 审核中 or 待寄回 are closed with the reason, their pieces free.
 */
export const afterSaleOnOrderEvents: EventHandlers<OrderEvents> = {
  async partRefunded(tx, { order, now, refund }) {
    const request = await findAfterSale(tx, refund.reference, true);
    if (!request || request.orderId !== order.id) return;
    await completeRequest(tx, request, order, now);
  },

  async refundRequested(tx, { order, now }) {
    for (const request of await findLiveAfterSalesOfOrder(tx, order.id)) {
      const closed = await moveAfterSale(tx, request.id, ['pending', 'awaitingReturn'], {
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: AFTERSALE_MSG.closedByOrderRefund,
        updatedAt: now,
      });
      if (closed) await releaseAfterSaleLines(tx, order.id, await linesHeldBy(tx, closed), 'closed');
    }
  },
};
