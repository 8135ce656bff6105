import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema.ts';

/**
 * The guest payment links (docs/GUEST-PAY.md): one per order placed by customer service for a phone. The key
 * travels only in the SMS; the table keeps its SHA-256. The order's member is the phone's account (made by the
 * operator's command when the phone had none), so the link needs no member column of its own.
 */
export const guestPayLinks = pgTable(
  'guest_pay_links',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 (hex) of the key: a leaked table gives no working link. */
    keyHash: text().notNull(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** The phone the SMS went to (the order's consignee phone); the 4 typed digits must make it. */
    phone: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The phone must be confirmed by then (GUEST_LINK_HOURS after placing; also the order's pay deadline). */
    bindDeadline: timestamp({ withTimezone: true }).notNull(),
    /** The link stops working for good (7 days after placing, the window of the guest order detail). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the 4 digits were first confirmed. */
    boundAt: timestamp({ withTimezone: true }),
    /** Wrong phones tried with this key; the 10th locks it. */
    wrongTries: integer().notNull().default(0),
    /** Set by the 10th wrong try: every call that takes the phone answers 429 from then on. */
    lockedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guest_pay_links_key_hash_key').on(t.keyHash),
    index('guest_pay_links_order_idx').on(t.orderId),
    check('guest_pay_links_wrong_tries_range', sql`${t.wrongTries} between 0 and 10`),
  ],
);

export type GuestPayLinkRow = typeof guestPayLinks.$inferSelect;
