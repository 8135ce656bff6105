import { and, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { imageCaptchas } from './password-check.schema.ts';

export async function insertImageCaptcha(db: Executor, row: typeof imageCaptchas.$inferInsert) {
  await db.insert(imageCaptchas).values(row);
}

/**
 * Counts an answer of a live code before it is compared, in one statement: of a burst of parallel answers
 * each gets its own count, and only the first `maxWrong` are compared.
 */
export async function countImageCodeAnswer(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(imageCaptchas)
    .set({ wrongAttempts: sql`${imageCaptchas.wrongAttempts} + 1` })
    .where(and(eq(imageCaptchas.id, id), isNull(imageCaptchas.usedAt), gt(imageCaptchas.expiresAt, now)))
    .returning({ answerHash: imageCaptchas.answerHash, answers: imageCaptchas.wrongAttempts });
  return row;
}

/** The answer was right: it does not count toward the wrong ones. */
export async function uncountImageCodeAnswer(db: Executor, id: string) {
  await db
    .update(imageCaptchas)
    .set({ wrongAttempts: sql`${imageCaptchas.wrongAttempts} - 1` })
    .where(eq(imageCaptchas.id, id));
}

/** Uses the code up: of two requests with one code, only one succeeds. */
export async function claimImageCaptcha(db: Executor, id: string, now: Date) {
  const rows = await db
    .update(imageCaptchas)
    .set({ usedAt: now })
    .where(and(eq(imageCaptchas.id, id), isNull(imageCaptchas.usedAt), gt(imageCaptchas.expiresAt, now)))
    .returning({ id: imageCaptchas.id });
  return rows.length === 1;
}

/** The answer was wrong: the code is used up once it has had `maxWrong` of them. */
export async function useUpIfWornOut(db: Executor, id: string, maxWrong: number, now: Date) {
  await db
    .update(imageCaptchas)
    .set({ usedAt: now })
    .where(and(eq(imageCaptchas.id, id), gte(imageCaptchas.wrongAttempts, maxWrong), isNull(imageCaptchas.usedAt)));
}

export async function deleteExpiredImageCaptchas(db: Executor, now: Date) {
  await db.delete(imageCaptchas).where(lt(imageCaptchas.expiresAt, now));
}
