import type { OrderMove } from '@anxin/shared/orders/order-status';
import { createEventRegistry } from '../../platform/events.ts';
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
  refunded: { order: OrderRow; now: Date };
  split: { parent: OrderRow; children: OrderRow[]; now: Date };
};

/** The payload of each of an order's moves, one per name of the shared contract (ORDER_MOVES). */
export type OrderEvents = { [Move in OrderMove]: Payloads[Move] };

/** The order's moves, emitted by `createOrderService` inside the move's transaction. */
export const orderEvents = createEventRegistry<OrderEvents>();
