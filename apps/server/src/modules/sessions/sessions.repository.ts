import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshTokens, sessions } from '../auth/auth.module.ts';

/** Last use of a sign-in: its newest refresh token (each refresh makes one), else its start. */
const lastActiveAt = sql<Date>`coalesce((select max(${refreshTokens.createdAt}) from ${refreshTokens} where ${refreshTokens.sessionId} = ${sessions.id}), ${sessions.createdAt})`;

/** Still usable: not revoked, and it holds an unused refresh token that has not expired. */
const isUsable = (now: Date) =>
  sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.sessionId} = ${sessions.id} and ${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > ${now.toISOString()})`;

const columns = {
  id: sessions.id,
  method: sessions.method,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
  createdAt: sessions.createdAt,
  revokedAt: sessions.revokedAt,
  lastActiveAt,
};

export function listActiveSessions(db: Executor, memberId: number, now: Date) {
  return db
    .select(columns)
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), isUsable(now)))
    .orderBy(desc(sessions.createdAt))
    .limit(50);
}

export function listRecentSignIns(db: Executor, memberId: number, limit: number) {
  return db
    .select(columns)
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}

export async function findMemberSession(db: Executor, memberId: number, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId)));
  return row;
}
