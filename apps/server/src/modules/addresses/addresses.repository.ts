import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberDefaultOf } from '../../platform/member-default.ts';
import { deliveryAddresses } from './addresses.schema.ts';

type NewAddress = typeof deliveryAddresses.$inferInsert;
export type AddressChanges = Omit<Partial<NewAddress>, 'id' | 'memberId' | 'createdAt'>;

/** One default address per member (platform/member-default.ts); a partial unique index holds it too. */
export const addressDefault = memberDefaultOf(deliveryAddresses, {
  id: deliveryAddresses.id,
  memberId: deliveryAddresses.memberId,
  isDefault: deliveryAddresses.isDefault,
  createdAt: deliveryAddresses.createdAt,
  updatedAt: deliveryAddresses.updatedAt,
});

const newestFirst = [desc(deliveryAddresses.createdAt), desc(deliveryAddresses.id)];

/** Default first, then newest first. */
export async function listMemberAddresses(db: Executor, memberId: number) {
  return db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.memberId, memberId))
    .orderBy(desc(deliveryAddresses.isDefault), ...newestFirst);
}

export async function findMemberAddress(db: Executor, memberId: number, id: number) {
  const [row] = await db
    .select()
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.memberId, memberId)));
  return row;
}

export async function countMemberAddresses(db: Executor, memberId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.memberId, memberId));
  return row.value;
}

export async function insertAddress(db: Executor, row: NewAddress) {
  const [created] = await db.insert(deliveryAddresses).values(row).returning();
  return created;
}

export async function updateMemberAddress(db: Executor, memberId: number, id: number, changes: AddressChanges) {
  const [row] = await db
    .update(deliveryAddresses)
    .set(changes)
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.memberId, memberId)))
    .returning();
  return row;
}

export async function deleteMemberAddress(db: Executor, memberId: number, id: number) {
  const [row] = await db
    .delete(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.memberId, memberId)))
    .returning();
  return row;
}
