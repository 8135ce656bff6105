import { PAYMENT_CHANNELS, PAYMENT_STATUSES } from '@anxin/shared/payments/payments';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';
import type { AuditActor } from '../audit/audit.module.ts';

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

export const REFUND_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money of one order given back through the payment adapter (docs/PRESCRIPTIONS.md, docs/CONSOLE.md 退款,
 * docs/AFTERSALE.md). The whole order's: written when the order goes to 退款中, in that move's transaction, one per
 * order (the partial unique index: a second request finds it), of what the order's earlier refunds left. An
 * after-sale request's (`afterSaleCode`, one per request): written when the request is approved or its goods
 * came back. Under the order's row lock, the refunds of an order never add up to more than it paid. The gateway
 * is called after that commit: pending → processing (claimed by one process) → succeeded (its refund number; the
 * order then moves to 退款完成, or tells of a part refunded) or failed (sent again when asked again).
 */
export const refunds = pgTable(
  'refunds',
  {
    /** Our refund number (the gateway's out_request_no: one refund per number). */
    id: uuid().primaryKey(),
    ordersCode: text().notNull(),
    /** The after-sale request this refund pays (part of the order); null: the whole order's refund. */
    afterSaleCode: text(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    /** Cents: the order's paid sum less its earlier refunds, or the after-sale request's computed amount. */
    amount: integer().notNull(),
    reason: text().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    /** Who asked for it (the audit log's actor), for the entry of the gateway's answer; null when no staff act. */
    requestedBy: jsonb().$type<AuditActor>(),
    /** Gateway calls made, each claimed by one process. */
    attempts: integer().notNull().default(0),
    claimedAt: timestamp({ withTimezone: true }),
    /** The gateway's refund number and time, once it gave the money back. */
    gatewayRefundNo: text(),
    refundedAt: timestamp({ withTimezone: true }),
    /** Why the last call failed (the gateway's words, or that it could not be reached). */
    failure: text(),
    /** The gateway's last answer as received. */
    gatewayAnswer: jsonb().$type<Record<string, string>>(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.ordersCode).where(sql`${t.afterSaleCode} is null`),
    uniqueIndex('refunds_after_sale_key').on(t.afterSaleCode),
    index('refunds_orders_code_idx').on(t.ordersCode),
    index('refunds_status_idx').on(t.status),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
