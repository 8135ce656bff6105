import { LRUCache } from 'lru-cache';

/**
 * The sign-ins this process found active lately (session id → member id), so a member call does not read its
 * session row every time. Safe only while the process hears about ended sign-ins: a trigger on `sessions`
 * sends `session_ended` at commit when a row is revoked, moved to another member or deleted (migration 0008),
 * and every server process listens for it. While no listening connection is up (not yet, or lost), the cache
 * is empty and every call reads the row, as before.
 *
 * One cache per app (made in buildApp, reached through `services.sessionCache`). Revocations made through the
 * token service also forget their rows at once, so a sign-out is seen by the very next request without
 * waiting for the notification.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

export function createSessionCache(options: { max?: number; ttlMs?: number } = {}) {
  // The TTL bounds memory and is a last line of defence; freshness comes from the notifications.
  const entries = new LRUCache<string, number>({ max: options.max ?? 100_000, ttl: options.ttlMs ?? 60_000 });
  let isListening = false;
  // Bumped by every forget: a lookup that raced with a revocation must not put its (stale) answer back.
  let generation = 0;

  return {
    /** The member of an active sign-in, when known. */
    memberOf: (sessionId: string) => (isListening ? entries.get(sessionId) : undefined),
    /** A mark to take before reading a session row, and to give back to `remember`. */
    generation: () => generation,
    remember(sessionId: string, memberId: number, readAtGeneration: number) {
      if (isListening && readAtGeneration === generation) entries.set(sessionId, memberId);
    },
    forget(sessionIds: readonly string[]) {
      generation++;
      for (const id of sessionIds) entries.delete(id);
    },
    /** The listening connection is up (true) or lost (false: forget everything, cache nothing). */
    setListening(listening: boolean) {
      generation++;
      isListening = listening;
      if (!listening) entries.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
