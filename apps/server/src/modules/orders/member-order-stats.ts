import type { OrderType } from '@anxin/shared/orders/order-status';
import { eq, sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';

/**
 * A member's order counts by type and the version of their orders, written only by the database triggers of
 * migration 0010 (every write to orders or order_lines, whoever makes it, moves the version on).
 *
 * Deliberately not exported through db/schema.ts: it is derived data, so an account merge, which moves every
 * member-owned table it finds there, must not move it (the triggers recount both members instead), and
 * drizzle-kit does not manage it.
 */
export const memberOrderStats = pgTable('member_order_stats', {
  memberId: bigint({ mode: 'number' }).primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
  counts: jsonb().$type<Partial<Record<OrderType, number>>>().notNull(),
});

export type MemberOrderStats = { version: number; counts: Partial<Record<OrderType, number>> };

/** A member without orders has no row yet. */
const NO_ORDERS: MemberOrderStats = { version: 0, counts: {} };

const statsQuery = (db: Executor) =>
  db
    .select({ version: memberOrderStats.version, counts: memberOrderStats.counts })
    .from(memberOrderStats)
    .where(eq(memberOrderStats.memberId, sql.placeholder('memberId')))
    .prepare('member_order_stats_by_member');
/** Prepared once per database: the member home reads it on every visit. */
const preparedStats = new WeakMap<Executor, ReturnType<typeof statsQuery>>();

export async function findMemberOrderStats(db: Executor, memberId: number): Promise<MemberOrderStats> {
  let query = preparedStats.get(db);
  if (!query) {
    query = statsQuery(db);
    preparedStats.set(db, query);
  }
  const [row] = await query.execute({ memberId });
  return row ?? NO_ORDERS;
}
