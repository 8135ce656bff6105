import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../account/account.module.ts';
import { imageCaptchas, loginKeys } from './password-login.schema.ts';

export async function insertLoginKey(db: Executor, row: typeof loginKeys.$inferInsert) {
  await db.insert(loginKeys).values(row);
}

/** Takes a live key out of the table: of two requests with one key, only one gets it. */
export async function takeLoginKey(db: Executor, id: string, now: Date) {
  const rows = await db
    .delete(loginKeys)
    .where(and(eq(loginKeys.id, id), gt(loginKeys.expiresAt, now)))
    .returning({ privateKeyEnc: loginKeys.privateKeyEnc });
  return rows[0]?.privateKeyEnc;
}

export async function deleteExpiredLoginKeys(db: Executor, now: Date) {
  await db.delete(loginKeys).where(lt(loginKeys.expiresAt, now));
}

export async function insertImageCaptcha(db: Executor, row: typeof imageCaptchas.$inferInsert) {
  await db.insert(imageCaptchas).values(row);
}

export async function findLiveImageCaptcha(db: Executor, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(imageCaptchas)
    .where(and(eq(imageCaptchas.id, id), isNull(imageCaptchas.usedAt), gt(imageCaptchas.expiresAt, now)));
  return row;
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

/** A wrong answer counts; the code is used up at the `maxWrong`-th. */
export async function recordWrongImageCode(db: Executor, id: string, maxWrong: number, now: Date) {
  await db
    .update(imageCaptchas)
    .set({
      wrongAttempts: sql`${imageCaptchas.wrongAttempts} + 1`,
      usedAt: sql`case when ${imageCaptchas.wrongAttempts} + 1 >= ${maxWrong} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(imageCaptchas.id, id), isNull(imageCaptchas.usedAt)));
}

export async function deleteExpiredImageCaptchas(db: Executor, now: Date) {
  await db.delete(imageCaptchas).where(lt(imageCaptchas.expiresAt, now));
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
