import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
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

/**
 * Counts a try of the phone's live code before it is compared, in one statement, and answers the code with
 * its count: of a burst of parallel tries each gets its own count, and only the first `maxTries` are compared.
 */
export async function countTry(db: Executor, phone: string, purpose: SmsPurpose, now: Date) {
  const live = db
    .select({ id: smsCodes.id })
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
  const [row] = await db
    .update(smsCodes)
    .set({ wrongAttempts: sql`${smsCodes.wrongAttempts} + 1` })
    .where(and(sql`${smsCodes.id} = (${live})`, isNull(smsCodes.voidedAt), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash, tries: smsCodes.wrongAttempts });
  return row;
}

/** The try was right: it does not count toward the wrong ones. */
export async function uncountTry(db: Executor, id: string) {
  await db
    .update(smsCodes)
    .set({ wrongAttempts: sql`${smsCodes.wrongAttempts} - 1` })
    .where(eq(smsCodes.id, id));
}

/** The try was wrong: the code is void once it has had `maxWrong` of them. */
export async function voidIfWornOut(db: Executor, id: string, maxWrong: number, now: Date) {
  await db
    .update(smsCodes)
    .set({ voidedAt: now })
    .where(and(eq(smsCodes.id, id), gte(smsCodes.wrongAttempts, maxWrong), isNull(smsCodes.voidedAt)));
}

export async function consumeCode(db: Executor, id: string, now: Date) {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt), isNull(smsCodes.voidedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}
