/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { addressesModule } from './addresses.routes.ts';
import { deliveryAddresses } from './addresses.schema.ts';
import { seedDemoAddresses } from './addresses.seed.ts';

export const addressesDescriptor: ModuleDescriptor = {
  name: 'addresses',
  routes: [addressesModule],
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

export { findMemberAddress } from './addresses.repository.ts';
