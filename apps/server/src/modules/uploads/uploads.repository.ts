import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { uploads } from './uploads.schema.ts';

export async function insertUpload(db: Executor, row: typeof uploads.$inferInsert) {
  const [created] = await db.insert(uploads).values(row).returning();
  return created;
}

/** The upload by its storage name, only when it is this member's. */
export async function findMemberUpload(db: Executor, memberId: number, name: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.memberId, memberId)));
  return row;
}

/** Which of these storage names are this member's uploads. */
export async function findMemberUploadNames(db: Executor, memberId: number, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.memberId, memberId), inArray(uploads.name, names)));
  return new Set(rows.map((row) => row.name));
}

export async function findUpload(db: Executor, name: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name));
  return row;
}
