/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { checkoutModule } from './checkout.routes.ts';
import { settlements } from './checkout.schema.ts';
import { seedDemoCart } from './checkout.seed.ts';

export const checkoutDescriptor: ModuleDescriptor = {
  name: 'checkout',
  routes: [checkoutModule],
  tables: [settlements],
  memberTables: [
    {
      table: settlements,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'short-lived baskets on their way to an order; a placed order keeps its own lines',
    },
  ],
  seed: seedDemoCart,
};
