import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../account/account.module.ts';

/** A new password hash; an account from the old system no longer has to update it. */
export async function updatePasswordHash(db: Executor, memberId: number, passwordHash: string, now: Date) {
  await db
    .update(members)
    .set({ passwordHash, passwordMustUpdate: false, updatedAt: now })
    .where(eq(members.id, memberId));
}
