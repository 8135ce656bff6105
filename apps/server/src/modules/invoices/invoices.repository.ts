import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../orders/orders.module.ts';
import { invoices, redLetterInvoices } from './invoices.schema.ts';

/** The member's issued invoices, newest first, with their orders' creation dates. */
export async function listMemberInvoices(db: Executor, memberId: number, page: number, size: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ invoice: invoices, orderCreationDate: orders.creationDate })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.memberId, memberId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(invoices).where(eq(invoices.memberId, memberId)),
  ]);
  return { rows, total };
}

/** The member's invoice of that order; undefined for another member's or a missing one. */
export async function findMemberInvoice(db: Executor, memberId: number, ordersCode: string) {
  const [row] = await db
    .select({ invoice: invoices, orderCreationDate: orders.creationDate })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.ordersCode, ordersCode), eq(invoices.memberId, memberId)));
  return row;
}

/** Any invoice by order code (the signed PDF link checks its owner itself). */
export async function findInvoiceByOrderCode(db: Executor, ordersCode: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.ordersCode, ordersCode));
  return row;
}

/**
 * Records the rendered PDF in place of `previous` (null, or a name whose file was lost) unless another request
 * recorded one first; answers whether this one won.
 */
export async function setInvoicePdfName(db: Executor, id: number, pdfName: string, previous: string | null) {
  const updated = await db
    .update(invoices)
    .set({ pdfName })
    .where(and(eq(invoices.id, id), previous === null ? isNull(invoices.pdfName) : eq(invoices.pdfName, previous)))
    .returning({ id: invoices.id });
  return updated.length === 1;
}

/** The red-letter invoices of these invoices, oldest first. */
export async function findRedLettersOf(db: Executor, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(redLetterInvoices)
    .where(inArray(redLetterInvoices.invoiceId, [...invoiceIds]))
    .orderBy(asc(redLetterInvoices.issuedAt), asc(redLetterInvoices.id));
}

export async function findRedLetter(db: Executor, invoiceId: number, invoiceNumber: string) {
  const [row] = await db
    .select()
    .from(redLetterInvoices)
    .where(and(eq(redLetterInvoices.invoiceId, invoiceId), eq(redLetterInvoices.invoiceNumber, invoiceNumber)));
  return row;
}

/** `setInvoicePdfName` for a red-letter invoice. */
export async function setRedLetterPdfName(db: Executor, id: number, pdfName: string, previous: string | null) {
  const updated = await db
    .update(redLetterInvoices)
    .set({ pdfName })
    .where(
      and(
        eq(redLetterInvoices.id, id),
        previous === null ? isNull(redLetterInvoices.pdfName) : eq(redLetterInvoices.pdfName, previous),
      ),
    )
    .returning({ id: redLetterInvoices.id });
  return updated.length === 1;
}
