/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { orderEvents } from '../orders/orders.module.ts';
import { paymentsModule } from './payments.routes.ts';
import { payments, refunds } from './payments.schema.ts';
import { seedDemoPayments } from './payments.seed.ts';
import { paymentsOnOrderEvents } from './refunds.service.ts';

export const paymentsDescriptor: ModuleDescriptor = {
  name: 'payments',
  routes: [paymentsModule],
  tables: [payments, refunds],
  memberTables: [
    {
      table: payments,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'accounting records of money received and refunded must be kept',
    },
  ],
  seed: seedDemoPayments,
  subscribe: () => orderEvents.subscribe('payments', paymentsOnOrderEvents),
};

export { type RefundRow, refunds } from './payments.schema.ts';
export { createPaymentsService } from './payments.service.ts';
export { findRefundOfAfterSale, findSucceededRefundsOfOrder } from './refunds.repository.ts';
export { requestAfterSaleRefund } from './refunds.service.ts';
