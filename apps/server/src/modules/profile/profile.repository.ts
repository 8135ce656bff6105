import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../account/account.module.ts';

export type ProfileChanges = {
  sex: number;
  birthday: string;
  nickname: string;
  avatar?: string | null;
  updatedAt: Date;
};

export async function updateMemberProfile(db: Executor, memberId: number, changes: ProfileChanges) {
  const [row] = await db.update(members).set(changes).where(eq(members.id, memberId)).returning();
  return row;
}

export async function updateElderlyMode(db: Executor, memberId: number, elderlyMode: boolean, updatedAt: Date) {
  const [row] = await db.update(members).set({ elderlyMode, updatedAt }).where(eq(members.id, memberId)).returning();
  return row;
}
