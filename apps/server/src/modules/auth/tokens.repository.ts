import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
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
 * of one token, the second waits for the first's row lock and then finds it used: one wins.
 */
const rotation = sql`
  with claimed as (
    update ${refreshTokens} set used_at = ${sql.placeholder('now')}
    from ${sessions}
    where ${refreshTokens.tokenHash} = ${sql.placeholder('usedHash')}
      and ${refreshTokens.usedAt} is null
      and ${refreshTokens.expiresAt} > ${sql.placeholder('now')}
      and ${sessions.id} = ${refreshTokens.sessionId}
      and ${sessions.revokedAt} is null
    returning ${refreshTokens.sessionId} as session_id, ${sessions.memberId} as member_id
  ), stored as (
    insert into ${refreshTokens} (token_hash, session_id, created_at, expires_at)
    select ${sql.placeholder('nextHash')}, session_id, ${sql.placeholder('now')}, ${sql.placeholder('nextExpiresAt')}
    from claimed
  )
  select session_id, member_id from claimed`;

/**
 * Every token refresh runs the rotation: it is prepared once per database (as a named statement), so neither
 * drizzle's query building nor PostgreSQL's parsing and planning is paid per request. Raw SQL (a data-modifying
 * CTE) has no query builder to call `.prepare` on, so it goes to the session's `prepareQuery` as the builders'
 * `.prepare` does.
 */
const preparedRotations = new WeakMap<Executor, ReturnType<typeof prepareRotation>>();
const rotationQuery = new PgDialect({ casing: 'snake_case' }).sqlToQuery(rotation);
const prepareRotation = (db: Executor) =>
  db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: { session_id: string; member_id: string }[] } }>(
    rotationQuery,
    undefined,
    'rotate_refresh_token',
    false,
  );

/** Answers the sign-in, or undefined when nothing was rotated (the caller then tells a reuse from an unknown token). */
export async function rotateRefreshToken(
  db: Executor,
  values: { usedHash: string; nextHash: string; now: Date; nextExpiresAt: Date },
): Promise<{ sessionId: string; memberId: number } | undefined> {
  let prepared = preparedRotations.get(db);
  if (!prepared) {
    prepared = prepareRotation(db);
    preparedRotations.set(db, prepared);
  }
  const {
    rows: [row],
  } = await prepared.execute(values);
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
