import { PAYMENT_CHANNELS, PAYMENT_STATUSES } from '@anxin/shared/payments/payments';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * One attempt to pay one or more orders through the payment adapter (its id is the merchant trade number the
 * gateway's notification names). Applied exactly once: the notification moves a pending payment to paid (and its
 * orders waitPay → waitDelivery) under a row lock; a replay finds it no longer pending and changes nothing.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey(),
    orderCodes: jsonb().$type<string[]>().notNull(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** Cents: the orders' sum when the payment was created; the notification must carry the same. */
    amount: integer().notNull(),
    /** The adapter that took it ('sandbox'). */
    provider: text().notNull(),
    /** The shopper's choice at the cashier, known from the notification. */
    channel: text({ enum: PAYMENT_CHANNELS }),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paySource: text().notNull(),
    platform: text().notNull(),
    payUrl: text().notNull(),
    /**
     * Where the cashier sends the shopper back, when not the first order's detail page (null): the guest link's
     * pay page of the set the guest paid from (docs/GUEST-PAY.md).
     */
    returnUrl: text(),
    /** The gateway's own trade number, from the notification. */
    tradeNo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
    /** The verified notification as received. */
    notifyPayload: jsonb().$type<Record<string, string>>(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    index('payments_member_idx').on(t.memberId, t.createdAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
