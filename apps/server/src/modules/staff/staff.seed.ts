import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { FieldCipher } from '../../platform/crypto.ts';
import { hashPassword } from '../../platform/password.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { staff } from './staff.schema.ts';

/**
 * The demo staff of docs/CONSOLE.md, one per role. Their second factor is set up with these fixed secrets so
 * a newcomer can sign in (the console's sign-in page shows each one's current code, outside production only):
 * they are public, which is why the seed never runs in production.
 */
export const DEMO_STAFF: readonly { loginName: string; displayName: string; roles: StaffRole[]; totpSecret: string }[] =
  [
    {
      loginName: 'yaoshi_demo',
      displayName: '王药师',
      roles: ['pharmacist'],
      totpSecret: 'D6SRX4VNWCS5ZSPJOA72MSSUFI6ILZRL',
    },
    {
      loginName: 'kefu_demo',
      displayName: '李客服',
      roles: ['service'],
      totpSecret: 'LZVR4EPOZYO5SVCMHXPVXESJWSU3KBQM',
    },
    {
      loginName: 'cangku_demo',
      displayName: '张仓管',
      roles: ['warehouse'],
      totpSecret: '5O4HJPGOYCVORSM42YVIWDMABC73I25D',
    },
    {
      loginName: 'yunying_demo',
      displayName: '赵运营',
      roles: ['operations'],
      totpSecret: 'CDO6BME5U6CGA6T6IZDGX43LY2ETPWHD',
    },
    {
      loginName: 'admin_demo',
      displayName: '陈管理员',
      roles: ['admin'],
      totpSecret: 'NYHII6VN36NWAURL564OJHA7BXX3NIPH',
    },
  ];
export const DEMO_STAFF_PASSWORD = 'Demo@2026';

/** Creates the demo staff that are missing (idempotent); needs the field key for their secrets. */
export async function seedDemoStaff(db: Executor, clock: Clock, _storage: FileStorage, secrets?: Secrets) {
  if (!secrets) return;
  const names = DEMO_STAFF.map((demo) => demo.loginName);
  const existing = new Set(
    (await db.select({ loginName: staff.loginName }).from(staff).where(inArray(staff.loginName, names))).map(
      (row) => row.loginName,
    ),
  );
  const missing = DEMO_STAFF.filter((demo) => !existing.has(demo.loginName));
  if (missing.length === 0) return;
  const cipher = new FieldCipher(secrets.fieldKey);
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const now = clock.now();
  await db
    .insert(staff)
    .values(
      missing.map((demo) => ({
        loginName: demo.loginName,
        displayName: demo.displayName,
        passwordHash,
        roles: demo.roles,
        totpSecretEnc: cipher.encrypt(demo.totpSecret),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}
