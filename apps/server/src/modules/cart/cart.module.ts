import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { cartItems } from './cart.schema.ts';
import { seedDemoCart } from './cart.seed.ts';

export const cartDescriptor: ModuleDescriptor = {
  name: 'cart',
  tables: [cartItems],
  memberTables: [
    { table: cartItems, onClosure: 'delete', onMerge: 'move', why: 'what the member meant to buy: health data' },
  ],
  seed: seedDemoCart,
};
