import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PaymentRow, payments } from './payments.schema.ts';

export async function insertPayment(db: Executor, row: typeof payments.$inferInsert) {
  const [created] = await db.insert(payments).values(row).returning();
  if (!created) throw new Error('payment insert returned nothing');
  return created;
}

export async function findPayment(db: Executor, id: string, lock = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The member's newest pending payment for exactly these orders and the same way back (a second 立即付款 reuses
 * it; one started from another page returns there, so it is a payment of its own).
 */
export async function findPendingPaymentFor(
  db: Executor,
  memberId: number,
  orderCodes: string[],
  returnUrl: string | null,
) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt));
  const wanted = [...orderCodes].sort().join(',');
  return rows.find((row) => [...row.orderCodes].sort().join(',') === wanted && row.returnUrl === returnUrl);
}

export async function updatePayment(db: Executor, id: string, values: Partial<typeof payments.$inferInsert>) {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row;
}
