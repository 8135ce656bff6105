// The order's side of after-sales (docs/AFTERSALE.md): how many pieces of each line open requests hold and how
// many were refunded. The after-sale module above keeps the requests; the order keeps the counts, since its own
// rules need them (an order with an open request cannot be reviewed) and its replies show them.
import type { OrderAfterSale } from '@anxin/shared/orders/order.contract';
import { isFreeLine } from '@anxin/shared/orders/order-status';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type OrderLineRow, orderLines } from './orders.schema.ts';

export type AfterSaleLineCount = { lineId: number; quantity: number };

/** Pieces of a line a new request may still ask for: bought minus held and refunded; none of a gift. */
export const refundableQuantityOf = (line: OrderLineRow) =>
  isFreeLine(line) ? 0 : line.amount - line.afterSaleHeld - line.refundedQuantity;

/** What the member's order replies say for 申请售后. */
export function orderAfterSaleOf(lines: readonly OrderLineRow[]): OrderAfterSale {
  return {
    hasOpenRequest: lines.some((line) => line.afterSaleHeld > 0),
    lines: lines.map((line) => ({
      lineId: line.id,
      productCode: line.productCode,
      refundableQuantity: refundableQuantityOf(line),
    })),
  };
}

/**
 * Holds the pieces for a new request: one conditional update per line, so of two requests at once for the same
 * pieces the second finds them held (PostgreSQL re-checks the condition on the row the first committed).
 * Answers false when a line is not the order's or has fewer pieces left; the caller then rolls back.
 */
export async function holdAfterSaleLines(tx: Executor, orderId: number, lines: readonly AfterSaleLineCount[]) {
  for (const { lineId, quantity } of lines) {
    const held = await tx
      .update(orderLines)
      .set({ afterSaleHeld: sql`${orderLines.afterSaleHeld} + ${quantity}` })
      .where(
        and(
          eq(orderLines.id, lineId),
          eq(orderLines.orderId, orderId),
          sql`${orderLines.afterSaleHeld} + ${orderLines.refundedQuantity} + ${quantity} <= ${orderLines.amount}`,
        ),
      )
      .returning({ id: orderLines.id });
    if (held.length === 0) return false;
  }
  return true;
}

/**
 * A request closed: its pieces are no longer held; `refunded` (its money went back) counts them refunded,
 * otherwise (rejected, cancelled) they may be asked for again.
 */
export async function releaseAfterSaleLines(
  tx: Executor,
  orderId: number,
  lines: readonly AfterSaleLineCount[],
  outcome: 'refunded' | 'closed',
) {
  for (const { lineId, quantity } of lines) {
    await tx
      .update(orderLines)
      .set({
        afterSaleHeld: sql`${orderLines.afterSaleHeld} - ${quantity}`,
        ...(outcome === 'refunded' ? { refundedQuantity: sql`${orderLines.refundedQuantity} + ${quantity}` } : {}),
      })
      .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
  }
}
