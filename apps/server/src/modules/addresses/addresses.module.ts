import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { deliveryAddresses } from './addresses.schema.ts';
import { seedDemoAddresses } from './addresses.seed.ts';

export const addressesDescriptor: ModuleDescriptor = {
  name: 'addresses',
  tables: [deliveryAddresses],
  memberTables: [
    {
      table: deliveryAddresses,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'names, phones and addresses; orders keep their own copy of the address they were sent to',
    },
  ],
  seed: seedDemoAddresses,
};
