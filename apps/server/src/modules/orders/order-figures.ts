import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from './orders.schema.ts';

/** The China day ('2026-11-28') of a timestamp column, whatever the session's time zone. */
const chinaDayOfColumn = (column: typeof orders.creationDate) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/**
 * The orders' side of the console's dashboard. An order placed counts once: a split's sub-orders are not
 * counted again (they carry their parent's code), and its container is.
 */
export async function orderFigures(db: Executor, { todayStart, since }: { todayStart: Date; since: Date }) {
  const placed = isNull(orders.parentOrderCode);
  const [today] = await db
    .select({ value: count() })
    .from(orders)
    .where(and(placed, gte(orders.creationDate, todayStart)));
  const [backlog] = await db
    .select({ value: count() })
    .from(orders)
    .where(and(eq(orders.orderType, 'waitDelivery'), sql`${orders.isSplit} = false`));
  const day = chinaDayOfColumn(orders.creationDate);
  const perDay = await db
    .select({ day, value: count() })
    .from(orders)
    .where(and(placed, gte(orders.creationDate, since)))
    .groupBy(day);
  return {
    todayOrders: today?.value ?? 0,
    shippingBacklog: backlog?.value ?? 0,
    ordersPerDay: new Map(perDay.map((row) => [row.day, row.value])),
  };
}
