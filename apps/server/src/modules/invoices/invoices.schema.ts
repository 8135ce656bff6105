import type { InvoiceLine } from '@anxin/shared/invoices/invoice.contract';
import { INVOICE_CONTENTS, INVOICE_KINDS, INVOICE_TITLE_TYPES } from '@anxin/shared/invoices/invoice.contract';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';
import { orders } from '../orders/orders.schema.ts';

/**
 * The invoice a member asked for when placing an order (one per placed order). Sub-orders of a split order
 * use their parent's request. The order's own invoice columns (invoiceType, consigneeType…) carry the same
 * choice for the order replies; the title and the e-mail live only here.
 */
export const invoiceRequests = pgTable('invoice_requests', {
  orderId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => orders.id),
  memberId: bigint({ mode: 'number' })
    .notNull()
    .references(() => members.id),
  kind: text({ enum: INVOICE_KINDS }).notNull(),
  titleType: text({ enum: INVOICE_TITLE_TYPES }).notNull(),
  title: text().notNull(),
  taxPayerNumber: text(),
  content: text({ enum: INVOICE_CONTENTS }).notNull(),
  email: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * An issued invoice: written in the transaction that moves its order into an invoiced status (70 or 150),
 * with everything printed on it fixed at that moment. The PDF is rendered from this row when first needed and
 * kept, encrypted, through the storage adapter (`pdfName`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    ordersCode: text().notNull(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** 20 digits: the year in China time and the order's id (one invoice per order). */
    invoiceNumber: text().notNull(),
    /** '1-1' / '2-1' electronic, '1-2' / '2-2' paper (see invoiceTypeCode in shared). */
    invoiceType: text().notNull(),
    titleType: text({ enum: INVOICE_TITLE_TYPES }).notNull(),
    title: text().notNull(),
    taxPayerNumber: text(),
    content: text().notNull(),
    email: text(),
    sellerName: text().notNull(),
    sellerTaxPayerNumber: text().notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    /** With tax: what the member paid. */
    amount: integer().notNull(),
    amountWithoutTax: integer().notNull(),
    taxAmount: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    /** The encrypted PDF's storage name, once rendered. */
    pdfName: text(),
  },
  (t) => [
    uniqueIndex('invoices_order_key').on(t.orderId),
    uniqueIndex('invoices_orders_code_key').on(t.ordersCode),
    uniqueIndex('invoices_number_key').on(t.invoiceNumber),
    index('invoices_member_list_idx').on(t.memberId, t.issuedAt.desc(), t.id.desc()),
  ],
);

/**
 * A red-letter (红字) invoice: the reversal of part of an issued invoice for money given back (docs/AFTERSALE.md),
 * one per refund (`refundId`, the unique index: the refund's event issues it exactly once). Its amounts are
 * negative; the PDF is rendered when first asked for and kept encrypted like the original's.
 */
export const redLetterInvoices = pgTable(
  'red_letter_invoices',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: bigint({ mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    refundId: text().notNull(),
    /** 20 digits: the year in China time, a 9 (never an order invoice's: those start 0), this row's id. */
    invoiceNumber: text().notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    /** Negative cents, tax included. */
    amount: integer().notNull(),
    amountWithoutTax: integer().notNull(),
    taxAmount: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    pdfName: text(),
  },
  (t) => [
    uniqueIndex('red_letter_invoices_refund_key').on(t.refundId),
    uniqueIndex('red_letter_invoices_number_key').on(t.invoiceNumber),
    index('red_letter_invoices_invoice_idx').on(t.invoiceId, t.issuedAt),
  ],
);

export type InvoiceRequestRow = typeof invoiceRequests.$inferSelect;
export type RedLetterInvoiceRow = typeof redLetterInvoices.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
