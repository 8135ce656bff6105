import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export type Limit = { key: string; max: number; windowSeconds: number; message?: string };

/**
 * Counts one hit against each limit in a single atomic upsert per key, then rejects with 429 when any is over.
 * Atomic in PostgreSQL, so 50 parallel requests cannot all slip under the limit.
 */
export async function hitLimits(db: Executor, now: Date, limits: Limit[]) {
  for (const limit of limits) {
    const hits = await countHit(db, now, limit);
    if (hits > limit.max) throw tooManyRequests(limit.message);
  }
}

export async function countHit(db: Executor, now: Date, limit: Limit): Promise<number> {
  const expiresAt = new Date(now.getTime() + limit.windowSeconds * 1000);
  const rows = await queryRows<{ hits: number }>(
    db,
    sql`
    insert into rate_limit_counters (key, window_start, hits, expires_at)
    values (${limit.key}, ${now.toISOString()}, 1, ${expiresAt.toISOString()})
    on conflict (key) do update set
      hits = case when rate_limit_counters.expires_at <= excluded.window_start then 1 else rate_limit_counters.hits + 1 end,
      window_start = case when rate_limit_counters.expires_at <= excluded.window_start then excluded.window_start else rate_limit_counters.window_start end,
      expires_at = case when rate_limit_counters.expires_at <= excluded.window_start then excluded.expires_at else rate_limit_counters.expires_at end
    returning hits`,
  );
  return Number(rows[0].hits);
}

/**
 * Takes back one hit counted by `countHit` for an attempt that turned out not to count (a guess refused for
 * a missing image code, a right password). Only ever loosens a limit by what the same request added.
 */
export async function uncountHit(db: Executor, key: string) {
  await db.execute(sql`update rate_limit_counters set hits = hits - 1 where key = ${key} and hits > 0`);
}

/** Keeps a counter, and so what it refuses, until `until` (a lock that starts at the failure that set it). */
export async function holdLimitUntil(db: Executor, key: string, until: Date) {
  await db.execute(sql`update rate_limit_counters set expires_at = ${until.toISOString()} where key = ${key}`);
}

export async function resetLimit(db: Executor, key: string) {
  await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
}
