import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from './account.schema.ts';

/** Prepared once per database: the user-info call and many services read the signed-in member by id. */
const preparedMemberLookups = new WeakMap<Executor, ReturnType<typeof prepareMemberLookup>>();
const prepareMemberLookup = (db: Executor) =>
  db
    .select()
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .prepare('find_member_by_id');

export async function findMemberById(db: Executor, id: number) {
  let lookup = preparedMemberLookups.get(db);
  if (!lookup) {
    lookup = prepareMemberLookup(db);
    preparedMemberLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id });
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

/** The account a login name names: a phone, else a login name (exact). */
export async function findMemberByLoginName(db: Executor, loginName: string, isPhone: boolean) {
  if (isPhone) {
    const [byPhone] = await db.select().from(members).where(eq(members.phone, loginName));
    if (byPhone) return byPhone;
  }
  const [byName] = await db.select().from(members).where(eq(members.loginName, loginName));
  return byName;
}
