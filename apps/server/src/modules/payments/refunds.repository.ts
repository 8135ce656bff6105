import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PaymentRow, payments, type RefundRow, refunds } from './payments.schema.ts';

/** The paid payment whose orders include this order code (a payment may cover several orders). */
export async function findPaidPaymentOfOrder(db: Executor, ordersCode: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'paid'), sql`${payments.orderCodes} @> ${JSON.stringify([ordersCode])}::jsonb`))
    .limit(1);
  return row;
}

/** The whole order's refund (not an after-sale request's). */
export async function findRefundOfOrder(db: Executor, ordersCode: string, lock = false) {
  const query = db
    .select()
    .from(refunds)
    .where(and(eq(refunds.ordersCode, ordersCode), isNull(refunds.afterSaleCode)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findRefund(db: Executor, id: string, lock = false) {
  const query = db.select().from(refunds).where(eq(refunds.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The order's refunds the gateway has made, oldest first. */
export async function findSucceededRefundsOfOrder(db: Executor, ordersCode: string) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.ordersCode, ordersCode), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.requestedAt));
}

export async function findRefundOfAfterSale(db: Executor, afterSaleCode: string, lock = false) {
  const query = db.select().from(refunds).where(eq(refunds.afterSaleCode, afterSaleCode));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Cents of the order given back or on their way back, every refund whatever its state (a failed one is sent
 * again, so its money still counts as owed). Read under the order's row lock.
 */
export async function sumRefundsOfOrder(db: Executor, ordersCode: string, except?: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.ordersCode, ordersCode), except === undefined ? undefined : sql`${refunds.id} <> ${except}`));
  return row?.total ?? 0;
}

export async function insertRefund(db: Executor, row: typeof refunds.$inferInsert) {
  const [created] = await db.insert(refunds).values(row).returning();
  if (!created) throw new Error('refund insert returned nothing');
  return created;
}

export async function updateRefund(db: Executor, id: string, values: Partial<typeof refunds.$inferInsert>) {
  const [row] = await db.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  return row;
}

/**
 * Takes a refund for one gateway call: a pending one, or one whose claim is older than `staleBefore` (its process
 * went away mid-call; the gateway keeps one refund per number, so calling again is safe). One statement, so of
 * several processes told of the same refund exactly one gets it.
 */
export async function claimRefund(
  db: Executor,
  id: string,
  now: Date,
  staleBefore: Date,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'processing', attempts: sql`${refunds.attempts} + 1`, claimedAt: now, updatedAt: now })
    .where(
      and(
        eq(refunds.id, id),
        or(eq(refunds.status, 'pending'), and(eq(refunds.status, 'processing'), lt(refunds.claimedAt, staleBefore))),
      ),
    )
    .returning();
  return row;
}

/** The refunds waiting for a gateway call: pending ones and claims older than `staleBefore`. */
export async function findRefundsToSettle(db: Executor, staleBefore: Date) {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      or(eq(refunds.status, 'pending'), and(eq(refunds.status, 'processing'), lt(refunds.claimedAt, staleBefore))),
    );
  return rows.map((row) => row.id);
}
