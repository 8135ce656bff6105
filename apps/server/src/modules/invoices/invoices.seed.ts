// Demo invoices of the demo member: every received demo order (70, 150) asked for an invoice (personal
// electronic mostly, some company-titled with a taxpayer number, one paper), so the list pages (4 a page) and
// each detail opens a PDF; the orders on their way asked for one too and get it when received. The PDFs are
// rendered here once, like the first opening would.
import type { InvoiceRequest } from '@anxin/shared/invoices/invoice.contract';
import { INVOICED_STATUSES, isInvoicedStatus } from '@anxin/shared/orders/order-status';
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { createOutboxMailProvider } from '../../platform/mail/outbox-mail-provider.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { orders } from '../orders/orders.module.ts';
import { issueOrderInvoice, orderInvoiceColumns, recordInvoiceRequest } from './invoice-issue.ts';
import { invoiceRequests, invoices } from './invoices.schema.ts';
import { createInvoiceService } from './invoices.service.ts';

const PERSONAL: InvoiceRequest = {
  kind: 'electronic',
  titleType: 'personal',
  title: '李安心',
  content: '商品明细',
  email: 'li.anxin@example.com',
};
const COMPANY: InvoiceRequest = {
  kind: 'electronic',
  titleType: 'company',
  title: '北京安心科技有限公司',
  taxPayerNumber: '91110000600037341L',
  content: '商品明细',
  email: 'finance@example.com',
};
const PAPER: InvoiceRequest = { kind: 'paper', titleType: 'personal', title: '李安心', content: '商品类别' };

export async function seedDemoInvoices(db: Database, clock: Clock, storage: FileStorage, secrets?: Secrets) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const [existing] = await db
    .select({ value: count() })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.memberId, member.id));
  if ((existing?.value ?? 0) > 0) return;

  await db.transaction(async (tx) => {
    const chosen = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.memberId, member.id),
          eq(orders.isSplit, false),
          or(inArray(orders.orderStatus, [...INVOICED_STATUSES]), eq(orders.invoice, true)),
        ),
      )
      .orderBy(asc(orders.creationDate));
    for (const [index, order] of chosen.entries()) {
      const request = index % 4 === 1 ? COMPANY : index === 2 ? PAPER : PERSONAL;
      await recordInvoiceRequest(tx, order, request, order.creationDate);
      const [updated] = await tx
        .update(orders)
        .set({ invoice: true, ...orderInvoiceColumns(request) })
        .where(eq(orders.id, order.id))
        .returning();
      // Issued when the goods were received, as applyOrderEvent does for new orders.
      if (isInvoicedStatus(order.orderStatus)) {
        await issueOrderInvoice(tx, updated, order.receivedAt ?? order.completedAt ?? clock.now());
      }
    }
  });

  if (!secrets) return;
  const service = createInvoiceService({
    db,
    clock,
    storage,
    mail: createOutboxMailProvider(db, clock),
    fieldKey: secrets.fieldKey,
    log: console,
  });
  const issued = await db
    .select({ ordersCode: invoices.ordersCode })
    .from(invoices)
    .where(eq(invoices.memberId, member.id));
  for (const { ordersCode } of issued) await service.urls(member.id, ordersCode);
}
