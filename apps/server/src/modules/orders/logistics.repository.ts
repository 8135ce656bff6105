import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { logistics, logisticsEvents, orders } from './orders.schema.ts';

export async function insertShipment(db: Executor, row: typeof logistics.$inferInsert) {
  const [created] = await db.insert(logistics).values(row).returning();
  if (!created) throw new Error('shipment insert returned nothing');
  return created;
}

export async function insertLogisticsEvent(db: Executor, row: typeof logisticsEvents.$inferInsert) {
  const [created] = await db.insert(logisticsEvents).values(row).returning();
  return created;
}

export async function findShipmentByOrderId(db: Executor, orderId: number) {
  const [row] = await db.select().from(logistics).where(eq(logistics.orderId, orderId));
  return row;
}

export async function findShipmentByOrderCode(db: Executor, ordersCode: string) {
  const [row] = await db
    .select({ id: logistics.id, orderId: logistics.orderId })
    .from(logistics)
    .innerJoin(orders, eq(orders.id, logistics.orderId))
    .where(eq(orders.ordersCode, ordersCode));
  return row;
}

/** Tracking entries, newest first. */
export async function findLogisticsEvents(db: Executor, logisticsId: number, limit?: number) {
  const query = db
    .select({ description: logisticsEvents.description, time: logisticsEvents.time })
    .from(logisticsEvents)
    .where(eq(logisticsEvents.logisticsId, logisticsId))
    .orderBy(desc(logisticsEvents.time), desc(logisticsEvents.id));
  return limit ? query.limit(limit) : query;
}
