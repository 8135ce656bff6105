import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refreshTokens, sessions } from './auth.schema.ts';

export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Executor, session: NewSession) {
  await db.insert(sessions).values(session);
}

export async function insertRefreshToken(db: Executor, row: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Rotation in one statement (one round trip, one commit): marks the presented token used, if it is unused,
 * unexpired and its sign-in active, and stores its successor in the same sign-in. Of two parallel rotations
 * of one token, the second waits for the first's row lock and then finds it used: one wins. Answers the
 * sign-in, or undefined when nothing was rotated (the caller then tells a reuse from an unknown token).
 */
export async function rotateRefreshToken(
  db: Executor,
  rotation: { usedHash: string; nextHash: string; now: Date; nextExpiresAt: Date },
): Promise<{ sessionId: string; memberId: number } | undefined> {
  const { rows } = (await db.execute(sql`
    with claimed as (
      update ${refreshTokens} set used_at = ${rotation.now}
      from ${sessions}
      where ${refreshTokens.tokenHash} = ${rotation.usedHash}
        and ${refreshTokens.usedAt} is null
        and ${refreshTokens.expiresAt} > ${rotation.now}
        and ${sessions.id} = ${refreshTokens.sessionId}
        and ${sessions.revokedAt} is null
      returning ${refreshTokens.sessionId} as session_id, ${sessions.memberId} as member_id
    ), stored as (
      insert into ${refreshTokens} (token_hash, session_id, created_at, expires_at)
      select ${rotation.nextHash}, session_id, ${rotation.now}, ${rotation.nextExpiresAt} from claimed
    )
    select session_id, member_id from claimed`)) as unknown as { rows: { session_id: string; member_id: string }[] };
  const [row] = rows;
  return row ? { sessionId: row.session_id, memberId: Number(row.member_id) } : undefined;
}

/**
 * Every member call runs this lookup: it is prepared once per database, so neither drizzle's query building
 * nor PostgreSQL's planning is paid per request.
 */
const preparedSessionLookups = new WeakMap<Executor, ReturnType<typeof prepareSessionLookup>>();
const prepareSessionLookup = (db: Executor) =>
  db
    .select({ id: sessions.id, memberId: sessions.memberId })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
    .prepare('find_active_session');

export async function findActiveSession(db: Executor, sessionId: string) {
  let lookup = preparedSessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    preparedSessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ sessionId });
  return row;
}

/** Answers whether this call ended it (false when it had already ended). */
export async function revokeSession(db: Executor, sessionId: string, now: Date, reason: string) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length === 1;
}

/**
 * Ends every sign-in of the member, or every other one when `exceptSessionId` is given; answers the ids
 * ended. Called through the token service, which also forgets them in the session cache.
 */
export async function revokeMemberSessions(
  db: Executor,
  memberId: number,
  now: Date,
  reason: string,
  exceptSessionId?: string,
) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}
