/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { cartModule } from './cart.routes.ts';
import { cartItems } from './cart.schema.ts';
import { rebuyModule } from './rebuy.routes.ts';

export const cartDescriptor: ModuleDescriptor = {
  name: 'cart',
  routes: [cartModule, rebuyModule],
  tables: [cartItems],
  memberTables: [
    { table: cartItems, onClosure: 'delete', onMerge: 'move', why: 'what the member meant to buy: health data' },
  ],
};

export { addCartItems, listCartLines, removeCartItems } from './cart.repository.ts';
export { cartItems } from './cart.schema.ts';
