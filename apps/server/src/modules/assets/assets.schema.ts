import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** Who moved the coins by hand (a staff login name, or `ops` for the command line); null for the ledger's own moves. */
    adjustedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('coin_entries_member_idx').on(t.memberId, t.createdAt),
    index('coin_entries_adjusted_idx').on(t.createdAt, t.id).where(sql`${t.adjustedBy} is not null`),
    check('coin_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);
export type CoinEntryRow = typeof coinEntries.$inferSelect;

/**
 * The coupons operators issue in batches (补贴模板), named by `code` (`npm run ops -- coupon-batch <code>`). The
 * ones every install has are reference data (`createdBy` null); operators add more in the console. A template
 * is never changed once made: a batch's coupons are what its template said.
 */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    title: text().notNull(),
    /** 1 ordinary (活动补贴), 4 freight (运费补贴). */
    couponType: smallint().notNull(),
    /** Cents. */
    couponValue: integer().notNull(),
    minConsume: integer().notNull().default(0),
    days: integer().notNull(),
    usingRange: text().notNull(),
    scope: text().notNull().default('all'),
    scopeCodes: text().array().notNull().default(sql`'{}'::text[]`),
    /** The staff member's login name, `ops`, or null for reference data. */
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_templates_code_key').on(t.code),
    check('coupon_templates_type_check', sql`${t.couponType} in (1, 4)`),
    check('coupon_templates_value_check', sql`${t.couponValue} > 0 and ${t.minConsume} >= 0 and ${t.days} > 0`),
    check('coupon_templates_scope_check', sql`${t.scope} in ('all', 'classCodes', 'productCodes')`),
  ],
);
export type CouponTemplateRow = typeof couponTemplates.$inferSelect;

/**
 * One batch of a template's coupon to many members, carried out in chunks (one transaction each, which moves
 * `cursor` and the counts with the coupons it writes), so its progress can be read while it runs and any
 * server process can carry on a batch whose process stopped. The members are those of `listedMemberIds`, or
 * with `allMembers` every member up to `upToMemberId` (the newest when it started), not closed, by id.
 */
export const couponBatches = pgTable(
  'coupon_batches',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    templateId: bigint({ mode: 'number' })
      .notNull()
      .references(() => couponTemplates.id),
    allMembers: boolean().notNull(),
    /** The members of the listed phones (kept by id, not phone: the batch names no one to whoever reads it). */
    listedMemberIds: bigint({ mode: 'number' }).array().notNull(),
    /** How many distinct phones were listed. */
    phones: integer().notNull(),
    upToMemberId: bigint({ mode: 'number' }).notNull(),
    /** The last member id handled. */
    cursor: bigint({ mode: 'number' }).notNull().default(0),
    total: integer().notNull(),
    done: integer().notNull(),
    issued: integer().notNull().default(0),
    skipped: integer().notNull(),
    state: text({ enum: ['running', 'done'] }).notNull(),
    /** The staff member's login name, or `ops`. */
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The last chunk's time: a running batch not moved for a while has lost its process. */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('coupon_batches_created_idx').on(t.createdAt),
    check('coupon_batches_state_check', sql`${t.state} in ('running', 'done')`),
  ],
);
export type CouponBatchRow = typeof couponBatches.$inferSelect;
