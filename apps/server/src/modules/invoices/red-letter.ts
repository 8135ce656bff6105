/**
 * Red-letter (红字) invoices (docs/AFTERSALE.md): money of an invoiced order given back reverses that much of its
 * invoice. Issued in the transaction of the order's event (a part refunded, or the whole order refunded), once
 * per refund (the unique refund key), never reversing more than the invoice holds. Its lines are the original's
 * lines scaled to the amount, so each tax rate keeps its share; the amounts are negative.
 */
import type { InvoiceLine } from '@anxin/shared/invoices/invoice.contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../orders/orders.module.ts';
import { taxIncluded } from './invoice-issue.ts';
import { invoices, redLetterInvoices } from './invoices.schema.ts';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The number: the year in China time, a 9 (an order invoice's number has a 0 there), the row's id. */
export function redLetterNumberFor(id: number, issuedAt: Date): string {
  const year = new Date(issuedAt.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
  return `${year}9${String(id).padStart(15, '0')}`;
}

/** The original's lines scaled to −`amount` cents; the last line takes the rounding, so they add up exactly. */
export function redLetterLinesOf(original: readonly InvoiceLine[], originalAmount: number, amount: number) {
  let left = -amount;
  return original.map((line, index): InvoiceLine => {
    const share = index === original.length - 1 ? left : -Math.round((line.amount * amount) / originalAmount);
    left -= share;
    return {
      name: line.name,
      packing: line.packing,
      quantity: 1,
      unitPrice: share,
      amount: share,
      taxRate: line.taxRate,
      taxAmount: taxIncluded(share, line.taxRate),
    };
  });
}

/**
 * Issues the red-letter invoice of refund `refundId` (`amount` cents of `order` given back) when the order has
 * an invoice with something left to reverse; a second call for the same refund does nothing.
 */
export async function issueRedLetter(
  tx: Executor,
  order: OrderRow,
  refund: { id: string; amount: number },
  now: Date,
): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id)).for('update');
  if (!invoice || invoice.amount <= 0) return;
  const [reversed] = await tx
    .select({ total: sql<number>`coalesce(sum(${redLetterInvoices.amount}), 0)::int` })
    .from(redLetterInvoices)
    .where(eq(redLetterInvoices.invoiceId, invoice.id));
  const amount = Math.min(refund.amount, invoice.amount + (reversed?.total ?? 0));
  if (amount <= 0) return;
  const lines = redLetterLinesOf(invoice.lines, invoice.amount, amount);
  const taxAmount = lines.reduce((total, line) => total + line.taxAmount, 0);
  const [row] = await tx
    .insert(redLetterInvoices)
    .values({
      invoiceId: invoice.id,
      memberId: invoice.memberId,
      refundId: refund.id,
      // Unique until the row's id gives the real number just below.
      invoiceNumber: `pending-${refund.id}`,
      lines,
      amount: -amount,
      amountWithoutTax: -amount - taxAmount,
      taxAmount,
      issuedAt: now,
    })
    .onConflictDoNothing({ target: redLetterInvoices.refundId })
    .returning({ id: redLetterInvoices.id });
  if (!row) return;
  await tx
    .update(redLetterInvoices)
    .set({ invoiceNumber: redLetterNumberFor(row.id, now) })
    .where(eq(redLetterInvoices.id, row.id));
}
