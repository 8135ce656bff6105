import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';
import { DEMO_MEMBER, members } from '../account/account.module.ts';

/** One account per password-login outcome, listed in the README. */
export const PASSWORD_LOGIN_DEMO_ACCOUNTS = {
  /** The demo member: signs in with its phone or this login name. */
  normal: { loginName: 'anxin_demo', phone: DEMO_MEMBER.phone, password: DEMO_MEMBER.password },
  /** A third-party account without a phone: password login answers 1001000003 (bind a phone). */
  needsPhone: { loginName: 'wx_demo_user', password: 'Demo@2026', nickname: '微信用户小安' },
  /** An old-system account with a 6-character password: password login answers MEM0010001 (update it). */
  mustUpdate: { loginName: 'legacy_demo', phone: '13800138002', password: 'abc123', nickname: '老会员安心' },
} as const;

/** Idempotent: inserts only the accounts whose login name is missing. */
export async function seedPasswordLoginAccounts(db: Executor, clock: Clock) {
  const { normal, needsPhone, mustUpdate } = PASSWORD_LOGIN_DEMO_ACCOUNTS;
  const now = clock.now();

  if (!(await hasLoginName(db, normal.loginName))) {
    await db
      .update(members)
      .set({ loginName: normal.loginName, updatedAt: now })
      .where(and(eq(members.phone, normal.phone), isNull(members.loginName)));
  }
  if (!(await hasLoginName(db, needsPhone.loginName))) {
    await db.insert(members).values({
      loginName: needsPhone.loginName,
      passwordHash: await hashPassword(needsPhone.password),
      nickname: needsPhone.nickname,
      createdAt: now,
      updatedAt: now,
    });
  }
  // The phone may have been registered by a visitor before this seed existed: then the account is left out.
  if (!(await hasLoginName(db, mustUpdate.loginName)) && !(await hasPhone(db, mustUpdate.phone))) {
    await db.insert(members).values({
      loginName: mustUpdate.loginName,
      phone: mustUpdate.phone,
      passwordHash: await hashPassword(mustUpdate.password),
      passwordMustUpdate: true,
      nickname: mustUpdate.nickname,
      createdAt: now,
      updatedAt: now,
    });
  }
}

async function hasLoginName(db: Executor, loginName: string) {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.loginName, loginName));
  return Boolean(row);
}

async function hasPhone(db: Executor, phone: string) {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.phone, phone));
  return Boolean(row);
}
