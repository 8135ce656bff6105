import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deliveryAddresses } from './addresses.schema.ts';

type NewAddress = typeof deliveryAddresses.$inferInsert;
export type AddressChanges = Omit<Partial<NewAddress>, 'id' | 'memberId' | 'createdAt'>;

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

/** Takes the default mark off the member's default address (if any): call before marking another. */
export async function clearMemberDefault(db: Executor, memberId: number, now: Date) {
  await db
    .update(deliveryAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(deliveryAddresses.memberId, memberId), eq(deliveryAddresses.isDefault, true)));
}

export async function findNewestMemberAddress(db: Executor, memberId: number) {
  const [row] = await db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.memberId, memberId))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}
