import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';
import { findMemberByPhone, insertMember } from './account.repository.ts';

/** The demo account of docs/API-CONVENTIONS.md. */
export const DEMO_MEMBER = { phone: '13800138000', password: 'Demo@2026', nickname: '安心会员2026' } as const;

/** Creates the demo member when missing; answers it either way, so other seeds can hang their rows on it. */
export async function seedDemoMember(db: Executor, clock: Clock) {
  const existing = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (existing) return existing;
  const now = clock.now();
  return insertMember(db, {
    phone: DEMO_MEMBER.phone,
    passwordHash: await hashPassword(DEMO_MEMBER.password),
    nickname: DEMO_MEMBER.nickname,
    memberName: 'anxin_demo',
    sex: 2,
    birthday: '1990-06-18',
    email: 'demo@anxin.example',
    createdAt: now,
    updatedAt: now,
  });
}
