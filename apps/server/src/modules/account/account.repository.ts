import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from './account.schema.ts';

export async function findMemberById(db: Executor, id: number) {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

export async function findMemberByPhone(db: Executor, phone: string) {
  const [row] = await db.select().from(members).where(eq(members.phone, phone));
  return row;
}

export async function insertMember(db: Executor, row: typeof members.$inferInsert) {
  const [created] = await db.insert(members).values(row).returning();
  return created;
}

/** Serialises a member's limited writes (20 addresses, 5 custom diseases…): count after taking this lock. */
export async function lockMember(db: Executor, id: number) {
  await db.execute(sql`select id from members where id = ${id} for update`);
}
