import { AFTERSALE_REASONS, AFTERSALE_STATUSES, AFTERSALE_TYPES } from '@anxin/shared/aftersale/aftersale.rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';
import type { AuditActor } from '../audit/audit.module.ts';
import { orderLines, orders } from '../orders/orders.schema.ts';

/**
 * A member's after-sale request on one order (docs/AFTERSALE.md): its lines and quantities (held on the order's
 * lines while open), the amounts the server computed when it was made (cents to the payment method, coins), and
 * where it stands. Photos are the member's own private uploads (storage names).
 */
export const afterSales = pgTable(
  'after_sales',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'SH' + yyyyMMdd (China) + 8 random digits: the API's `{code}`. */
    code: text().notNull(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    ordersCode: text().notNull(),
    type: text({ enum: AFTERSALE_TYPES }).notNull(),
    reason: text({ enum: AFTERSALE_REASONS }).notNull(),
    description: text().notNull().default(''),
    photos: jsonb().$type<string[]>().notNull().default([]),
    status: text({ enum: AFTERSALE_STATUSES }).notNull(),
    /** Cents back to the original payment method. */
    refundAmount: integer().notNull(),
    /** Health coins back to the member. */
    refundCoins: integer().notNull(),
    /** The freight's part of the value (refundAmount plus the coins' cents). */
    freightAmount: integer().notNull(),
    /** The request returned everything of the order still refundable when it was made. */
    isWholeOrder: boolean().notNull(),
    rejectReason: text(),
    /** Why the shop closed a request (the whole order was refunded); null when the member cancelled it. */
    cancelReason: text(),
    returnAddress: text(),
    returnCarrier: text(),
    returnWaybillNo: text(),
    /** Who decided (approved or rejected), for the audit trail and the console. */
    reviewedBy: jsonb().$type<AuditActor>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    shippedBackAt: timestamp({ withTimezone: true }),
    returnedAt: timestamp({ withTimezone: true }),
    refundingAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('after_sales_code_key').on(t.code),
    index('after_sales_member_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index('after_sales_order_idx').on(t.orderId),
    // The console's queue: open requests, oldest first.
    index('after_sales_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('pending', 'awaitingReturn', 'refunding')`),
    check(
      'after_sales_amounts_check',
      sql`${t.refundAmount} >= 0 and ${t.refundCoins} >= 0 and ${t.freightAmount} >= 0`,
    ),
    check('after_sales_reject_reason_check', sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`),
    check('after_sales_cancel_reason_check', sql`${t.cancelReason} is null or ${t.status} = 'cancelled'`),
  ],
);

/** The lines of a request: which order line, how many pieces. */
export const afterSaleLines = pgTable(
  'after_sale_lines',
  {
    afterSaleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => afterSales.id),
    orderLineId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderLines.id),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.afterSaleId, t.orderLineId] }),
    check('after_sale_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export type AfterSaleRow = typeof afterSales.$inferSelect;
export type NewAfterSaleRow = typeof afterSales.$inferInsert;
export type AfterSaleLineRow = typeof afterSaleLines.$inferSelect;
