/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { orderEvents } from '../orders/orders.module.ts';
import { findSucceededRefundsOfOrder } from '../payments/payments.module.ts';
import { issueOrderInvoice } from './invoice-issue.ts';
import { invoicesModule } from './invoices.routes.ts';
import { invoiceRequests, invoices, redLetterInvoices } from './invoices.schema.ts';
import { seedDemoInvoices } from './invoices.seed.ts';
import { issueRedLetter } from './red-letter.ts';

export const invoicesDescriptor: ModuleDescriptor = {
  name: 'invoices',
  routes: [invoicesModule],
  tables: [invoiceRequests, invoices, redLetterInvoices],
  memberTables: [
    {
      table: invoiceRequests,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'the invoice asked for with an order is part of that sale record, kept as long as the order',
    },
    {
      table: invoices,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'issued invoices are accounting records the tax law makes the seller keep; on a merge they follow their orders',
    },
    {
      table: redLetterInvoices,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'a red-letter invoice reverses part of an issued one for a refund: an accounting record like the invoice',
    },
  ],
  seed: seedDemoInvoices,
  // Received goods are invoiced (70 待评价): the invoice the member asked for is issued with the move, of the
  // order's sum, and what after-sales gave back before then is reversed at once. Money given back later reverses
  // that much of it with a red-letter invoice: a part (after-sales) or the rest (the whole order).
  subscribe: () =>
    orderEvents.subscribe('invoices', {
      async received(tx, { order, now }) {
        await issueOrderInvoice(tx, order, now);
        for (const refund of await findSucceededRefundsOfOrder(tx, order.ordersCode)) {
          await issueRedLetter(tx, order, refund, now);
        }
      },
      partRefunded: (tx, { order, now, refund }) => issueRedLetter(tx, order, refund, now),
      refunded: (tx, { order, now }) =>
        issueRedLetter(tx, order, { id: `order:${order.ordersCode}`, amount: order.sum }, now),
    }),
};

export { orderInvoiceColumns, recordInvoiceRequest } from './invoice-issue.ts';
