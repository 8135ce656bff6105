import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { qrLogins } from './qr-login.schema.ts';

export type QrLoginRow = typeof qrLogins.$inferSelect;

export async function insertQrLogin(db: Executor, row: typeof qrLogins.$inferInsert) {
  await db.insert(qrLogins).values(row);
}

export async function findQrLogin(db: Executor, uuid: string) {
  const [row] = await db.select().from(qrLogins).where(eq(qrLogins.uuid, uuid));
  return row;
}

/** Codes that ended a day ago are of no use to anybody. */
export async function deleteOldQrLogins(db: Executor, before: Date) {
  await db.delete(qrLogins).where(lt(qrLogins.expiresAt, before));
}

const isOpen = (now: Date) => and(isNull(qrLogins.usedAt), gt(qrLogins.expiresAt, now));

/** 0 → 1: the first member to open the confirmation page holds the code. */
export async function markScanned(db: Executor, uuid: string, memberId: number, now: Date) {
  const rows = await db
    .update(qrLogins)
    .set({ status: 1, memberId, scannedAt: now })
    .where(and(eq(qrLogins.uuid, uuid), eq(qrLogins.status, 0), isOpen(now)))
    .returning({ uuid: qrLogins.uuid });
  return rows.length === 1;
}

/** 1 → 2 by the member who scanned; the asking browser then has `graceUntil` at least to sign in. */
export async function markConfirmed(db: Executor, uuid: string, memberId: number, now: Date, graceUntil: Date) {
  const rows = await db
    .update(qrLogins)
    .set({
      status: 2,
      confirmedAt: now,
      expiresAt: sql`greatest(${qrLogins.expiresAt}, ${graceUntil.toISOString()}::timestamptz)`,
    })
    .where(and(eq(qrLogins.uuid, uuid), eq(qrLogins.status, 1), eq(qrLogins.memberId, memberId), isOpen(now)))
    .returning({ uuid: qrLogins.uuid });
  return rows.length === 1;
}

/** → 3 by the member who scanned (取消). */
export async function markCanceled(db: Executor, uuid: string, memberId: number, now: Date) {
  await db
    .update(qrLogins)
    .set({ status: 3 })
    .where(
      and(eq(qrLogins.uuid, uuid), eq(qrLogins.memberId, memberId), inArray(qrLogins.status, [1, 2]), isOpen(now)),
    );
}

/** 2 → used, once: of two sign-ins with one code, only one gets the member. */
export async function claimConfirmed(db: Executor, uuid: string, now: Date) {
  const rows = await db
    .update(qrLogins)
    .set({ status: 3, usedAt: now })
    .where(and(eq(qrLogins.uuid, uuid), eq(qrLogins.status, 2), isOpen(now)))
    .returning({ memberId: qrLogins.memberId });
  return rows[0]?.memberId ?? undefined;
}
