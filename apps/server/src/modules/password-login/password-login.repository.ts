import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginKeys } from './password-login.schema.ts';

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
