import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { DEMO_MEMBER, findMemberByPhone, members } from '../account/account.module.ts';
import { uploads } from '../uploads/uploads.module.ts';

const DEMO_AVATAR_NAME = 'demo_avatar_anxin_2026.png';
const DEMO_AVATAR_SIZE = 240;

/**
 * The demo member's avatar (their sex and birthday come with the account seed): a picture in the storage, its
 * upload row, and the member pointing at it. Idempotent; a missing file (a wiped DATA_DIR) is written again.
 */
export async function seedDemoProfile(db: Executor, clock: Clock, storage: FileStorage) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const bytes = readFileSync(new URL('./demo-avatar.png', import.meta.url));
  if (!(await storage.exists(DEMO_AVATAR_NAME))) await storage.put(DEMO_AVATAR_NAME, bytes, 'image/png');
  await db
    .insert(uploads)
    .values({
      name: DEMO_AVATAR_NAME,
      memberId: member.id,
      module: 'common',
      contentType: 'image/png',
      byteSize: bytes.length,
      width: DEMO_AVATAR_SIZE,
      height: DEMO_AVATAR_SIZE,
      createdAt: clock.now(),
    })
    .onConflictDoNothing();
  if (!member.avatar) {
    await db.update(members).set({ avatar: DEMO_AVATAR_NAME, updatedAt: clock.now() }).where(eq(members.id, member.id));
  }
}
