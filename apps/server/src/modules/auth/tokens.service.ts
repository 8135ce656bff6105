import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { notSignedIn } from '../../platform/errors.ts';
import { createAccessTokenSigner, MEMBER_AUDIENCE } from './access-token-signer.ts';
import type { SessionCache } from './session-cache.ts';
import * as repo from './tokens.repository.ts';

export type LoginResult = { access_token: string; refresh_token: string; expires_in: number };
export type SignInContext = { memberId: number; method: string; userAgent?: string; ip?: string };
export type AccessClaims = { memberId: number; sessionId: string };
type VerifiedToken = AccessClaims & { expiresAtMs: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenSettings = { jwtSecret: Uint8Array; accessTtlSeconds: number; refreshTtlDays: number };
/** The app's session cache and logger. */
export type TokenContext = { sessionCache: SessionCache; log: Pick<FastifyBaseLogger, 'info'> };

/**
 * Access tokens are short-lived JWTs naming the member and the sign-in (session); the guard also checks the
 * session row, so signing out ends them at once. Refresh tokens are opaque, stored hashed and used once.
 */
export function createTokenService(
  db: Executor,
  clock: Clock,
  settings: TokenSettings,
  { sessionCache, log }: TokenContext,
) {
  // Imported once: given raw bytes, jose would import the HMAC key again on every verify.
  const verifyingKey = crypto.subtle.importKey('raw', settings.jwtSecret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const signAccessToken = createAccessTokenSigner(settings.jwtSecret);
  // A page sends the same access token for up to 30 minutes: its signature is checked once, its expiry on
  // every call (against the injectable clock).
  const verifiedTokens = new LRUCache<string, VerifiedToken>({ max: 50_000 });

  async function verifySignature(token: string): Promise<VerifiedToken> {
    const cached = verifiedTokens.get(token);
    if (cached) return cached;
    try {
      // Every claim the checks below rely on must be there: a token without `exp` would never expire.
      const { payload } = await jwtVerify(token, await verifyingKey, {
        algorithms: ['HS256'],
        audience: MEMBER_AUDIENCE,
        currentDate: clock.now(),
        requiredClaims: ['exp', 'sub', 'sid', 'aud'],
      });
      const { sub, sid, exp } = payload;
      if (typeof sid !== 'string' || !UUID.test(sid) || !/^[1-9][0-9]{0,15}$/.test(sub ?? '')) throw notSignedIn();
      const verified = { sessionId: sid, memberId: Number(sub), expiresAtMs: Number(exp) * 1000 };
      verifiedTokens.set(token, verified);
      return verified;
    } catch {
      throw notSignedIn();
    }
  }

  /** A new opaque refresh token: the shopper gets `token`, the database only its hash. */
  function newRefreshToken(now: Date) {
    const token = randomToken(32);
    return { token, hash: sha256(token), expiresAt: new Date(now.getTime() + settings.refreshTtlDays * 86_400_000) };
  }

  function loginResult(memberId: number, sessionId: string, refreshToken: string): LoginResult {
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    return {
      access_token: signAccessToken({ memberId, sessionId, issuedAt, expiresAt: issuedAt + settings.accessTtlSeconds }),
      refresh_token: refreshToken,
      expires_in: settings.accessTtlSeconds,
    };
  }

  /** Ids only in the log: never a token, phone or name. */
  function sessionsEnded(sessionIds: readonly string[], reason: string, memberId?: number) {
    sessionCache.forget(sessionIds);
    for (const sessionId of sessionIds)
      log.info({ event: 'session.revoked', sessionId, memberId, reason }, 'session revoked');
  }

  async function revokeSession(executor: Executor, sessionId: string, memberId: number, reason: string) {
    if (await repo.revokeSession(executor, sessionId, clock.now(), reason))
      sessionsEnded([sessionId], reason, memberId);
    else sessionCache.forget([sessionId]);
  }

  async function endMemberSessions(
    executor: Executor,
    memberId: number,
    now: Date,
    reason: string,
    exceptSessionId?: string,
  ) {
    const ended = await repo.revokeMemberSessions(executor, memberId, now, reason, exceptSessionId);
    sessionsEnded(ended, reason, memberId);
    return ended;
  }

  return {
    /** Starts a sign-in. Pass the caller's transaction when the sign-in belongs to a larger write. */
    async signIn(context: SignInContext, executor: Executor = db): Promise<LoginResult> {
      const now = clock.now();
      const sessionId = randomUUID();
      await repo.insertSession(executor, {
        id: sessionId,
        memberId: context.memberId,
        method: context.method,
        userAgent: context.userAgent?.slice(0, 300),
        ip: context.ip,
        createdAt: now,
        lastSeenAt: now,
      });
      const refresh = newRefreshToken(now);
      await repo.insertRefreshToken(executor, {
        tokenHash: refresh.hash,
        sessionId,
        createdAt: now,
        expiresAt: refresh.expiresAt,
      });
      return loginResult(context.memberId, sessionId, refresh.token);
    },

    /** Rotation with reuse detection (RFC 9700 §4.14): a token presented twice ends the whole sign-in. */
    async refresh(refreshToken: string): Promise<LoginResult> {
      const now = clock.now();
      const next = newRefreshToken(now);
      const rotated = await repo.rotateRefreshToken(db, {
        usedHash: sha256(refreshToken),
        nextHash: next.hash,
        now,
        nextExpiresAt: next.expiresAt,
      });
      if (rotated) return loginResult(rotated.memberId, rotated.sessionId, next.token);
      // Nothing rotated: an unknown, expired or ended token is refused; a used one (a replay, or the loser of two
      // parallel refreshes) ends the whole sign-in.
      const found = await repo.findRefreshToken(db, sha256(refreshToken));
      if (found && !found.session.revokedAt && found.token.expiresAt > now && found.token.usedAt) {
        await revokeSession(db, found.session.id, found.session.memberId, 'refresh-token-reuse');
      }
      throw notSignedIn();
    },

    /** Verifies an access token and that its sign-in is still active (see session-cache.ts). */
    async verifyAccessToken(token: string): Promise<AccessClaims> {
      const { memberId, sessionId, expiresAtMs } = await verifySignature(token);
      if (expiresAtMs <= clock.now().getTime()) throw notSignedIn();
      if (sessionCache.memberOf(sessionId) === memberId) return { memberId, sessionId };
      const readAt = sessionCache.generation();
      const session = await repo.findActiveSession(db, sessionId);
      if (!session || session.memberId !== memberId) throw notSignedIn();
      sessionCache.remember(sessionId, memberId, readAt);
      return { memberId, sessionId };
    },

    /** Logout: ends the sign-in named by either token; unknown tokens are ignored (logout always succeeds). */
    async signOut(tokens: { refreshToken?: string; accessToken?: string }) {
      if (tokens.refreshToken) {
        const found = await repo.findRefreshToken(db, sha256(tokens.refreshToken));
        if (found) await revokeSession(db, found.session.id, found.session.memberId, 'logout');
      }
      if (tokens.accessToken) {
        const claims = await this.verifyAccessToken(tokens.accessToken).catch(() => undefined);
        if (claims) await revokeSession(db, claims.sessionId, claims.memberId, 'logout');
      }
    },

    /** Ends every sign-in of the member but `exceptSessionId`; answers the ids ended. */
    endOtherSessions: (memberId: number, reason: string, exceptSessionId?: string, executor: Executor = db) =>
      endMemberSessions(executor, memberId, clock.now(), reason, exceptSessionId),

    /**
     * Every revocation of many sign-ins (sign-out everywhere, password change, account merge and deletion)
     * comes through here or `endOtherSessions`, so each is forgotten in the session cache and logged.
     */
    endMemberSessions,

    /** Ends one sign-in of the member (the caller has checked that it is theirs). */
    endSession: (memberId: number, sessionId: string, reason: string) => revokeSession(db, sessionId, memberId, reason),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
