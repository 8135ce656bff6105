import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * Coupons issued to members (健康补贴). The status is never stored: used when `usedAt` is set, expired
 * when the clock is past `expiredDate`, else unused, computed in SQL with the injectable clock's time
 * (`couponStatusSql`), so the counts and the pages always agree and expiry needs no job.
 * `giftSlot` marks the coupons of the new-user gift pack (1, 2, 3…): unique per member, so the pack is issued
 * once whatever retries or races happen (insert … on conflict do nothing).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** 1 ordinary (活动补贴), 4 freight (运费补贴: pays freight only). */
    couponType: smallint().notNull(),
    /** Cents. */
    couponValue: integer().notNull(),
    /** Cents of product money the order must reach; 0 for none. */
    minConsume: integer().notNull().default(0),
    /** The scope in words, shown on the card. */
    usingRange: text().notNull(),
    /** all / classCodes / productCodes. */
    scope: text().notNull().default('all'),
    scopeCodes: text().array().notNull().default(sql`'{}'::text[]`),
    /** '3' = app only; null = everywhere. */
    deviceType: text(),
    activeDate: timestamp({ withTimezone: true }).notNull(),
    expiredDate: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    usedOrderCode: text(),
    giftSlot: smallint(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('coupons_member_idx').on(t.memberId, t.expiredDate),
    uniqueIndex('coupons_member_gift_slot_key').on(t.memberId, t.giftSlot),
    check('coupons_type_check', sql`${t.couponType} in (1, 4)`),
    check('coupons_value_check', sql`${t.couponValue} > 0 and ${t.minConsume} >= 0`),
    check('coupons_scope_check', sql`${t.scope} in ('all', 'classCodes', 'productCodes')`),
    check('coupons_used_check', sql`(${t.usedAt} is null) = (${t.usedOrderCode} is null)`),
  ],
);
export type CouponRow = typeof coupons.$inferSelect;

/**
 * The health-coin ledger (健康币): one row per movement, + earned, − spent; the balance is the sum. Every
 * write goes through `coins.service.ts`, which locks the member row first, so two spends of one member take
 * turns and the balance never goes below zero.
 */
export const coinEntries = pgTable(
  'coin_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    description: text().notNull(),
    orderCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('coin_entries_member_idx').on(t.memberId, t.createdAt),
    check('coin_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);
export type CoinEntryRow = typeof coinEntries.$inferSelect;
