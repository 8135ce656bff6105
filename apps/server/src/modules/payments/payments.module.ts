/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { paymentsModule } from './payments.routes.ts';
import { payments } from './payments.schema.ts';

export const paymentsDescriptor: ModuleDescriptor = {
  name: 'payments',
  routes: [paymentsModule],
  tables: [payments],
  memberTables: [
    {
      table: payments,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'accounting records of money received and refunded must be kept',
    },
  ],
};

export { createPaymentsService } from './payments.service.ts';
