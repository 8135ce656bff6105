import type { OrderEvent } from '@anxin/shared/orders/order-status';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { productGroupsOf } from './orders.ops.ts';
import { lockOrderByCode } from './orders.repository.ts';
import type { OrderRow } from './orders.schema.ts';
import { createOrderService, type OrderServiceDeps } from './orders.service.ts';

/** The tracking entry of a delivered parcel. */
const DELIVERED_ENTRY = '快件已签收，感谢您的耐心等待';

/**
 * The shop's acts on an order after it is placed, as the console and the command line make them: ship, add a
 * tracking entry, mark delivered, split, refund. Each moves the order through the order service in the
 * caller's transaction and writes its audit entry (who, before → after) in that same transaction, so an act
 * and its entry exist together or not at all.
 */
export function createOrderFulfilment(deps: OrderServiceDeps) {
  const orderService = createOrderService(deps);
  const { clock } = deps;

  /** The order locked for the act (two acts on one order take turns); 404 when there is none. */
  async function lockedOrder(tx: Executor, ordersCode: string): Promise<OrderRow> {
    const row = await lockOrderByCode(tx, ordersCode);
    if (!row) throw notFound();
    return row;
  }

  const audit = (
    tx: Executor,
    actor: AuditActor,
    action: string,
    order: OrderRow,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) =>
    recordAudit(tx, { actor, at: clock.now(), action, objectType: 'order', objectId: order.ordersCode, before, after });

  return {
    async ship(tx: Executor, ordersCode: string, shipment: { carrier: string; waybill: string }, actor: AuditActor) {
      const before = await lockedOrder(tx, ordersCode);
      const { order } = await orderService.shipOrder(tx, ordersCode, {
        companeName: shipment.carrier,
        shippingNo: shipment.waybill,
      });
      await audit(
        tx,
        actor,
        'order.ship',
        order,
        { orderType: before.orderType },
        { orderType: order.orderType, ...shipment },
      );
      return order;
    },

    async addLogistics(tx: Executor, ordersCode: string, text: string, actor: AuditActor) {
      const order = await lockedOrder(tx, ordersCode);
      await orderService.appendLogisticsEvent(tx, ordersCode, text, clock.now());
      await audit(tx, actor, 'order.logistics', order, {}, { text });
      return order;
    },

    /** The carrier handed the parcel over: its last tracking entry comes with it; the shopper then confirms. */
    async deliver(tx: Executor, ordersCode: string, actor: AuditActor) {
      const before = await lockedOrder(tx, ordersCode);
      const order = await orderService.applyOrderEvent(tx, ordersCode, 'deliver');
      await orderService.appendLogisticsEvent(tx, ordersCode, DELIVERED_ENTRY, clock.now());
      await audit(
        tx,
        actor,
        'order.deliver',
        order,
        { deliveredAt: before.deliveredAt },
        { deliveredAt: order.deliveredAt },
      );
      return order;
    },

    /** Splits by groups of product codes; without groups, one sub-order per product. */
    async split(tx: Executor, ordersCode: string, groups: string[][] | undefined, actor: AuditActor) {
      const parent = await lockedOrder(tx, ordersCode);
      const children = await orderService.splitOrder(tx, ordersCode, groups ?? (await productGroupsOf(tx, ordersCode)));
      await audit(
        tx,
        actor,
        'order.split',
        parent,
        { orderType: parent.orderType, sum: parent.sum },
        { children: children.map((child) => ({ ordersCode: child.ordersCode, sum: child.sum })) },
      );
      return children;
    },

    /**
     * Starts the refund (退款中; money paid online goes back through the payments module, which completes it),
     * sends a refund paid online to the payment channel again (an order already 退款中), or with `complete`
     * records that the money is back (退款完成).
     */
    async refund(tx: Executor, ordersCode: string, complete: boolean, actor: AuditActor) {
      const before = await lockedOrder(tx, ordersCode);
      const event: OrderEvent = complete ? 'refundComplete' : 'refund';
      const order = await orderService.applyOrderEvent(tx, ordersCode, event, { actor });
      await audit(
        tx,
        actor,
        complete ? 'order.refundComplete' : 'order.refund',
        order,
        { orderType: before.orderType },
        { orderType: order.orderType, sum: order.sum },
      );
      return order;
    },
  };
}

export type OrderFulfilment = ReturnType<typeof createOrderFulfilment>;
