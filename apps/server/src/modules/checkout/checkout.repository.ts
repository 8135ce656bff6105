import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type SettlementRow, settlements } from './checkout.schema.ts';

export async function insertSettlement(db: Executor, row: SettlementRow) {
  const [created] = await db.insert(settlements).values(row).returning();
  if (!created) throw new Error('settlement insert returned nothing');
  return created;
}

/** The member's settlement; with `lock`, held for the rest of the transaction (one order per settlement). */
export async function findMemberSettlement(db: Executor, memberId: number, id: string, lock = false) {
  const query = db
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, id), eq(settlements.memberId, memberId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markSettlementPlaced(db: Executor, id: string, ordersCode: string) {
  await db.update(settlements).set({ ordersCode }).where(eq(settlements.id, id));
}
