import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { captchaChallenges, type SmsPurpose, smsCodes, smsTickets } from './auth.schema.ts';

export async function insertTicket(db: Executor, row: typeof smsTickets.$inferInsert) {
  await db.insert(smsTickets).values(row);
}

export async function findLiveTicket(db: Executor, ticket: string, phone: string, now: Date) {
  const [row] = await db
    .select()
    .from(smsTickets)
    .where(
      and(
        eq(smsTickets.ticket, ticket),
        eq(smsTickets.phone, phone),
        isNull(smsTickets.usedAt),
        gt(smsTickets.expiresAt, now),
      ),
    );
  return row;
}

export async function claimTicket(db: Executor, ticket: string, now: Date) {
  const rows = await db
    .update(smsTickets)
    .set({ usedAt: now })
    .where(and(eq(smsTickets.ticket, ticket), isNull(smsTickets.usedAt)))
    .returning({ ticket: smsTickets.ticket });
  return rows.length === 1;
}

export async function insertChallenge(db: Executor, row: typeof captchaChallenges.$inferInsert) {
  await db.insert(captchaChallenges).values(row);
}

export async function findOpenChallenge(db: Executor, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(captchaChallenges)
    .where(and(eq(captchaChallenges.id, id), isNull(captchaChallenges.passHash), gt(captchaChallenges.expiresAt, now)));
  return row;
}

/** One attempt per challenge: right or wrong, it cannot be tried again. */
export async function closeChallenge(db: Executor, id: string, passHash: string | null, now: Date) {
  const rows = await db
    .update(captchaChallenges)
    .set({ attempts: 1, passHash: passHash ?? 'failed', expiresAt: new Date(now.getTime() + 120_000) })
    .where(and(eq(captchaChallenges.id, id), eq(captchaChallenges.attempts, 0)))
    .returning({ id: captchaChallenges.id });
  return rows.length === 1;
}

/** Uses a passed captcha result once, for the phone and ticket it was given for. */
export async function claimCaptchaPass(db: Executor, ticket: string, phone: string, passHash: string, now: Date) {
  const rows = await db
    .update(captchaChallenges)
    .set({ passUsedAt: now })
    .where(
      and(
        eq(captchaChallenges.ticket, ticket),
        eq(captchaChallenges.phone, phone),
        eq(captchaChallenges.passHash, passHash),
        isNull(captchaChallenges.passUsedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .returning({ id: captchaChallenges.id });
  return rows.length === 1;
}

export async function voidActiveCodes(db: Executor, phone: string, purpose: SmsPurpose, now: Date) {
  await db
    .update(smsCodes)
    .set({ voidedAt: now })
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.voidedAt),
        isNull(smsCodes.consumedAt),
      ),
    );
}

export async function insertCode(db: Executor, row: typeof smsCodes.$inferInsert) {
  await db.insert(smsCodes).values(row);
}

export async function findActiveCode(db: Executor, phone: string, purpose: SmsPurpose, now: Date) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.voidedAt),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row;
}

export async function recordWrongAttempt(db: Executor, id: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(smsCodes)
    .set({ wrongAttempts: sql`${smsCodes.wrongAttempts} + 1` })
    .where(eq(smsCodes.id, id))
    .returning({ wrongAttempts: smsCodes.wrongAttempts });
  if (row && row.wrongAttempts >= maxAttempts) {
    await db.update(smsCodes).set({ voidedAt: now }).where(eq(smsCodes.id, id));
  }
}

export async function consumeCode(db: Executor, id: string, now: Date) {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt), isNull(smsCodes.voidedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}
