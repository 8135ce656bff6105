// What the operator command line needs beyond the orders service (orders.service.ts): kept in a file of the
// shop engineer's, on the orders tables.
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { members } from '../account/account.module.ts';
import { findLinesOfOrders, lockOrderByCode } from './orders.repository.ts';
import { type OrderRow, orders } from './orders.schema.ts';

/** The default split: one sub-order per product of the order (at least two). */
export async function productGroupsOf(tx: Executor, ordersCode: string): Promise<string[][]> {
  const row = await lockOrderByCode(tx, ordersCode);
  if (!row) throw notFound();
  const lines = await findLinesOfOrders(tx, [row.id]);
  return [...new Set(lines.map((line) => line.productCode))].map((code) => [code]);
}

export type OrderListing = Pick<
  OrderRow,
  'ordersCode' | 'orderType' | 'orderStatus' | 'sum' | 'paymentType' | 'isRxDrug' | 'creationDate' | 'parentOrderCode'
> & { phone: string | null };

/** The newest orders (split containers left out), of one member when a phone is given. */
export async function listRecentOrders(db: Executor, options: { phone?: string; limit: number }) {
  const query = db
    .select({
      ordersCode: orders.ordersCode,
      orderType: orders.orderType,
      orderStatus: orders.orderStatus,
      sum: orders.sum,
      paymentType: orders.paymentType,
      isRxDrug: orders.isRxDrug,
      creationDate: orders.creationDate,
      parentOrderCode: orders.parentOrderCode,
      phone: members.phone,
    })
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(
      options.phone
        ? sql`${members.phone} = ${options.phone} and ${orders.isSplit} = false`
        : sql`${orders.isSplit} = false`,
    )
    .orderBy(desc(orders.creationDate), desc(orders.id))
    .limit(options.limit);
  return (await query) as OrderListing[];
}
