import { ORDER_TYPES } from '@anxin/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * An order as placed. Money in integer cents, fixed when the order is placed. orderType and
 * orderStatus always move together, only through `applyOrderEvent` (orders.service.ts) and its state machine.
 *
 * Split orders: the order the member placed becomes a container (`isSplit` true, frozen, hidden from lists and
 * counts) and each sub-order is a full order with `parentOrderCode` set, its own lines, money and shipment.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'AX' + yyyyMMdd + 8 random digits; sub-orders add '-1', '-2'… The API's `{id}` is this code. */
    ordersCode: text().notNull(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    parentOrderCode: text(),
    isSplit: boolean().notNull().default(false),
    orderType: text({ enum: ORDER_TYPES }).notNull(),
    orderStatus: smallint().notNull(),
    /** The order holds prescription products (prescription type 4 or 5). */
    isRxDrug: boolean().notNull().default(false),
    /** The prescription inquiry information is complete (the inquiry pages set it). */
    isPrescriptionComplete: boolean().notNull().default(false),
    /** 99 online payment, 1 cash on delivery. */
    paymentType: smallint().notNull(),
    /** Where the order was placed / paid from, e.g. 'PC'. */
    paySource: text().notNull().default('PC'),
    consignee: text().notNull(),
    consigneePhone: text().notNull(),
    /** The full address text at the time of ordering (province city district street detail). */
    deliveryAddress: text().notNull(),
    /** The address-book entry the address was copied from (a snapshot reference, no foreign key). */
    addressId: bigint({ mode: 'number' }),
    productMoney: integer().notNull(),
    transportCosts: integer().notNull().default(0),
    couponValue: integer().notNull().default(0),
    /** The subsidy is a freight one: it discounts the freight line (the invoice's 9 %, a split's freight). */
    isFreightCoupon: boolean().notNull().default(false),
    /** Cents paid with health coins (issue 13; the coins themselves are in the assets ledger). */
    mallCoinMoney: integer().notNull().default(0),
    /** productMoney + transportCosts − couponValue − mallCoinMoney, what the member pays. */
    sum: integer().notNull(),
    invoice: boolean().notNull().default(false),
    /** '1-1' / '2-1' electronic VAT ordinary, '1-2' / '2-2' paper VAT ordinary. */
    invoiceType: text(),
    /** Invoice title kind: '个人' or '单位'. */
    consigneeType: text(),
    taxPayerNumber: text(),
    invoiceContent: text(),
    remark: text(),
    creationDate: timestamp({ withTimezone: true }).notNull(),
    /** Online orders: unpaid past this moment, the scheduler cancels them. */
    payDeadline: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    auditedAt: timestamp({ withTimezone: true }),
    shippingTime: timestamp({ withTimezone: true }),
    /** The carrier handed the parcel over (operator's deliver); receivedAt is the shopper's confirmation. */
    deliveredAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    refundedAt: timestamp({ withTimezone: true }),
    /** Soft delete: hidden from the member, kept for the shop. */
    deletedAt: timestamp({ withTimezone: true }),
    /** Optimistic concurrency: every write through the state machine adds one. */
    version: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_orders_code_key').on(t.ordersCode),
    // The member's lists and counts: visible orders newest first. NULLS FIRST is what `order by … desc` means:
    // with drizzle's default (DESC NULLS LAST) the index cannot give the list its order and every page sorts
    // all of the member's orders (bench/run.ts measures it).
    index('orders_member_list_idx')
      .on(t.memberId, t.creationDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.isSplit} = false`),
    // One tab (type) of the list, and the counts by type (an index-only scan).
    index('orders_member_type_idx')
      .on(t.memberId, t.orderType, t.creationDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.isSplit} = false`),
    index('orders_parent_idx').on(t.parentOrderCode).where(sql`${t.parentOrderCode} is not null`),
    // The console's order search (orders-console.service.ts): its pages newest first, over every order, then by
    // member, by consignee phone, and by the start of an order code (LIKE 'AX2026%': text_pattern_ops, as the
    // database's collation may not sort by bytes).
    index('orders_console_list_idx')
      .on(t.creationDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isSplit} = false`),
    index('orders_console_member_idx')
      .on(t.memberId, t.creationDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isSplit} = false`),
    index('orders_console_consignee_phone_idx')
      .on(t.consigneePhone, t.creationDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isSplit} = false`),
    index('orders_code_prefix_idx').on(t.ordersCode.op('text_pattern_ops')),
    // The automatic cancel finds unpaid online orders past their deadline.
    index('orders_pay_deadline_idx').on(t.payDeadline).where(sql`${t.orderType} = 'waitPay'`),
  ],
);

/** One product line of an order, a snapshot taken when the order was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    productCode: text().notNull(),
    productName: text().notNull(),
    productImageUrl: text(),
    packing: text(),
    amount: integer().notNull(),
    /** Unit price actually paid, in cents. */
    actualPrice: integer().notNull(),
    /** mark: 7 hidden, 3 sorted first, 1 an ordinary line. */
    mark: smallint().notNull().default(1),
    /** 2, 3 non-prescription; 4, 5 prescription. */
    prescriptionType: smallint().notNull().default(2),
    combinationId: text(),
    classCode: text(),
    /** Display order inside the order. */
    position: smallint().notNull().default(0),
    /**
     * After-sales (docs/AFTERSALE.md): pieces held by open requests, and pieces whose money went back. A request
     * holds its pieces with one conditional update, so two requests at once never hold more than was bought.
     */
    afterSaleHeld: integer().notNull().default(0),
    refundedQuantity: integer().notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    check(
      'order_lines_after_sale_within_amount',
      sql`${t.afterSaleHeld} >= 0 and ${t.refundedQuantity} >= 0 and ${t.afterSaleHeld} + ${t.refundedQuantity} <= ${t.amount}`,
    ),
  ],
);

/** The shipment of an order: carrier and waybill; one per (sub-)order. */
export const logistics = pgTable(
  'logistics',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** Spelled as the spec spells it. */
    companeName: text().notNull(),
    shippingNo: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('logistics_order_key').on(t.orderId)],
);

/** The tracking entries of a shipment (logisticsList: description, time). */
export const logisticsEvents = pgTable(
  'logistics_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    logisticsId: bigint({ mode: 'number' })
      .notNull()
      .references(() => logistics.id),
    description: text().notNull(),
    time: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('logistics_events_logistics_idx').on(t.logisticsId, t.time)],
);

/** A product review written from an order; one per product of an order. */
export const reviews = pgTable(
  'reviews',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** Kept next to orderId so the product page reads reviews without joining orders. */
    orderCode: text().notNull(),
    productCode: text().notNull(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    score: smallint().notNull(),
    content: text().notNull(),
    labels: jsonb().$type<string[]>().notNull(),
    isAnonymity: boolean().notNull().default(false),
    images: jsonb().$type<string[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reviews_order_product_key').on(t.orderId, t.productCode),
    index('reviews_product_idx').on(t.productCode, t.createdAt.desc()),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLineRow = typeof orderLines.$inferInsert;
export type LogisticsRow = typeof logistics.$inferSelect;
export type LogisticsEventRow = typeof logisticsEvents.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
