import type { OrderMove } from '@anxin/shared/orders/order-status';
import { createEventRegistry } from '../../platform/events.ts';
import type { AuditActor } from '../audit/audit.module.ts';
import type { OrderLineRow, OrderRow } from './orders.schema.ts';

type Payloads = {
  placed: { order: OrderRow; lines: OrderLineRow[]; now: Date };
  paid: { order: OrderRow; now: Date };
  /**
   * `couponFreedOf`: the order whose subsidy is free again, or null: the order itself, or for a sub-order of a
   * split the parent once its last sub-order is cancelled.
   */
  cancelled: { order: OrderRow; now: Date; couponFreedOf: string | null };
  received: { order: OrderRow; now: Date };
  reviewed: { order: OrderRow; now: Date };
  /** The order went to 退款中, or its refund is asked for again; `actor`: who asked (null: not a staff act). */
  refundRequested: { order: OrderRow; now: Date; actor: AuditActor | null };
  refunded: { order: OrderRow; now: Date };
  split: { parent: OrderRow; children: OrderRow[]; now: Date };
  /**
   * Part of the order's money went back through the gateway (docs/AFTERSALE.md): `refund.amount` cents,
   * `refund.reference` what it was for (the after-sale request's code). The order's state does not move.
   */
  partRefunded: { order: OrderRow; now: Date; refund: { id: string; amount: number; reference: string } };
};

/** The payload of each of an order's moves, one per name of the shared contract (ORDER_MOVES). */
export type OrderEvents = { [Move in OrderMove]: Payloads[Move] };

/** The order's moves, emitted by `createOrderService` inside the move's transaction. */
export const orderEvents = createEventRegistry<OrderEvents>();
