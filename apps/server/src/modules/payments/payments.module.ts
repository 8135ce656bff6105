import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { payments } from './payments.schema.ts';

export const paymentsDescriptor: ModuleDescriptor = {
  name: 'payments',
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
