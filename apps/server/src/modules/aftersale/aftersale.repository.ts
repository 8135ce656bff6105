import { type AfterSaleStatus, OPEN_AFTERSALE_STATUSES } from '@anxin/shared/aftersale/aftersale.rules';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../account/account.module.ts';
import { afterSaleLines, afterSales, type NewAfterSaleRow } from './aftersale.schema.ts';

export async function insertAfterSale(
  tx: Executor,
  row: NewAfterSaleRow,
  lines: readonly { lineId: number; quantity: number }[],
) {
  const [created] = await tx.insert(afterSales).values(row).returning();
  if (!created) throw new Error('after-sale insert returned nothing');
  await tx
    .insert(afterSaleLines)
    .values(lines.map((line) => ({ afterSaleId: created.id, orderLineId: line.lineId, quantity: line.quantity })));
  return created;
}

export async function findLinesOfAfterSales(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(afterSaleLines)
    .where(inArray(afterSaleLines.afterSaleId, [...ids]));
}

/** A member's request by code; undefined for a missing code or another member's request. */
export async function findMemberAfterSale(db: Executor, memberId: number, code: string, lock = false) {
  const query = db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.code, code), eq(afterSales.memberId, memberId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findAfterSale(db: Executor, code: string, lock = false) {
  const query = db.select().from(afterSales).where(eq(afterSales.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The order's requests that still count for its money: open or refunded (not rejected, not cancelled). */
export async function findLiveAfterSalesOfOrder(db: Executor, orderId: number) {
  return db
    .select()
    .from(afterSales)
    .where(
      and(
        eq(afterSales.orderId, orderId),
        inArray(afterSales.status, [...OPEN_AFTERSALE_STATUSES, 'refunded'] as AfterSaleStatus[]),
      ),
    );
}

export async function listMemberAfterSales(
  db: Executor,
  memberId: number,
  query: { page: number; size: number; ordersCode?: string },
) {
  const where = and(
    eq(afterSales.memberId, memberId),
    query.ordersCode === undefined ? undefined : eq(afterSales.ordersCode, query.ordersCode),
  );
  const [counted] = await db.select({ total: count() }).from(afterSales).where(where);
  const rows = await db
    .select()
    .from(afterSales)
    .where(where)
    .orderBy(desc(afterSales.createdAt), desc(afterSales.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { rows, total: counted?.total ?? 0 };
}

/** The console's queue: oldest first; one status, or every open one. */
export async function listAfterSaleQueue(
  db: Executor,
  query: { status?: AfterSaleStatus; page: number; size: number },
) {
  const where: SQL =
    query.status === undefined
      ? inArray(afterSales.status, [...OPEN_AFTERSALE_STATUSES])
      : eq(afterSales.status, query.status);
  const [counted] = await db.select({ total: count() }).from(afterSales).where(where);
  const rows = await db
    .select()
    .from(afterSales)
    .where(where)
    .orderBy(asc(afterSales.createdAt), asc(afterSales.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { rows, total: counted?.total ?? 0 };
}

/** The member's other requests, newest first. */
export async function listMemberHistory(db: Executor, memberId: number, exceptId: number, limit: number) {
  return db
    .select()
    .from(afterSales)
    .where(and(eq(afterSales.memberId, memberId), sql`${afterSales.id} <> ${exceptId}`))
    .orderBy(desc(afterSales.createdAt), desc(afterSales.id))
    .limit(limit);
}

/**
 * Moves a request from `from` to its next state with `values`: a conditional update, so of two acts at once on
 * the same request exactly one moves it (the other gets undefined and answers 409).
 */
export async function moveAfterSale(
  tx: Executor,
  id: number,
  from: readonly AfterSaleStatus[],
  values: Partial<NewAfterSaleRow>,
) {
  const [row] = await tx
    .update(afterSales)
    .set(values)
    .where(and(eq(afterSales.id, id), inArray(afterSales.status, [...from])))
    .returning();
  return row;
}

/** The members' phones by id (a member without one is left out). */
export async function findMemberPhones(db: Executor, memberIds: readonly number[]) {
  if (memberIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: members.id, phone: members.phone })
    .from(members)
    .where(inArray(members.id, [...new Set(memberIds)]));
  return new Map(rows.flatMap((row) => (row.phone ? [[row.id, row.phone] as const] : [])));
}
