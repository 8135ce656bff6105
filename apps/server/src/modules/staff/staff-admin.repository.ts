import { and, asc, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type StaffRow, staff, staffSessions, staffSignInChallenges } from './staff.schema.ts';

const holdsAdmin = sql`${staff.roles} @> '["admin"]'::jsonb`;

/** The staff accounts (every one, or the one of `id`), oldest first, each with its latest sign-in's start. */
export function findStaffAccounts(db: Executor, id?: number) {
  const lastSignIns = db
    .select({ staffId: staffSessions.staffId, lastSignInAt: max(staffSessions.createdAt).as('last_sign_in_at') })
    .from(staffSessions)
    .where(id === undefined ? undefined : eq(staffSessions.staffId, id))
    .groupBy(staffSessions.staffId)
    .as('last_sign_ins');
  return db
    .select({ staff, lastSignInAt: lastSignIns.lastSignInAt })
    .from(staff)
    .leftJoin(lastSignIns, eq(lastSignIns.staffId, staff.id))
    .where(id === undefined ? undefined : eq(staff.id, id))
    .orderBy(asc(staff.id));
}

/**
 * Locks the enabled admins' rows (in id order, so two acts lock them alike) and answers their ids: until the
 * transaction ends, nobody else can take the admin role or the account from one of them.
 */
export async function lockEnabledAdmins(tx: Executor): Promise<number[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.isActive, true), holdsAdmin))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function lockStaff(tx: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  return row;
}

export async function insertStaff(tx: Executor, values: typeof staff.$inferInsert): Promise<StaffRow> {
  const [row] = await tx.insert(staff).values(values).returning();
  if (!row) throw new Error('staff not written');
  return row;
}

export async function updateStaff(tx: Executor, id: number, changes: Partial<StaffRow>) {
  await tx.update(staff).set(changes).where(eq(staff.id, id));
}

/**
 * Ends the staff member's live sign-ins but `keptSessionId` (the one an admin acts from on their own account)
 * and voids their open sign-in challenges; answers how many sign-ins ended.
 */
export async function endSignInsOf(tx: Executor, staffId: number, now: Date, keptSessionId?: string) {
  const ended = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        keptSessionId ? ne(staffSessions.id, keptSessionId) : undefined,
      ),
    )
    .returning({ id: staffSessions.id });
  await tx
    .update(staffSignInChallenges)
    .set({ usedAt: now })
    .where(and(eq(staffSignInChallenges.staffId, staffId), isNull(staffSignInChallenges.usedAt)));
  return ended.length;
}
