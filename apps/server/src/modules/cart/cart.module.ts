/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { cartModule } from './cart.routes.ts';
import { cartItems } from './cart.schema.ts';
import { seedDemoCart } from './cart.seed.ts';

export const cartDescriptor: ModuleDescriptor = {
  name: 'cart',
  routes: [cartModule],
  tables: [cartItems],
  memberTables: [
    { table: cartItems, onClosure: 'delete', onMerge: 'move', why: 'what the member meant to buy: health data' },
  ],
  seed: seedDemoCart,
};

export { addCartItems, listCartLines, removeCartItems } from './cart.repository.ts';
