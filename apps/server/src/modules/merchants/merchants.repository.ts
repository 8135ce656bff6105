import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type MerchantApplicationRow, merchantApplications } from './merchants.schema.ts';

type NewApplication = typeof merchantApplications.$inferInsert;
type Verdict = Pick<NewApplication, 'status' | 'rejectReason' | 'reviewer' | 'reviewedAt'>;

/** The member's newest application. */
export async function findLatestApplication(db: Executor, memberId: number) {
  const [row] = await db
    .select()
    .from(merchantApplications)
    .where(eq(merchantApplications.memberId, memberId))
    .orderBy(desc(merchantApplications.createdAt), desc(merchantApplications.id))
    .limit(1);
  return row;
}

export async function findApplication(db: Executor, id: number) {
  const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.id, id));
  return row;
}

/** The applications waiting for review, newest first. */
export async function listPendingApplications(db: Executor) {
  return db
    .select()
    .from(merchantApplications)
    .where(eq(merchantApplications.status, 0))
    .orderBy(desc(merchantApplications.createdAt));
}

/** A page of the applications of one status (or all), newest first, and how many there are. */
export async function listApplications(db: Executor, query: { status?: number; page: number; size: number }) {
  const where = query.status === undefined ? undefined : eq(merchantApplications.status, query.status);
  const [{ total }] = await db.select({ total: count() }).from(merchantApplications).where(where);
  const rows = await db
    .select()
    .from(merchantApplications)
    .where(where)
    .orderBy(desc(merchantApplications.createdAt), desc(merchantApplications.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { rows, total };
}

export async function insertApplication(db: Executor, row: NewApplication): Promise<MerchantApplicationRow> {
  const [created] = await db.insert(merchantApplications).values(row).returning();
  return created;
}

/** Writes the verdict on application `id` if it is still pending; answers the row, or nothing when it is not. */
export async function reviewPendingApplication(db: Executor, id: number, verdict: Verdict) {
  const [row] = await db
    .update(merchantApplications)
    .set(verdict)
    .where(and(eq(merchantApplications.id, id), eq(merchantApplications.status, 0)))
    .returning();
  return row;
}
