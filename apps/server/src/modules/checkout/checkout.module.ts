import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { settlements } from './checkout.schema.ts';

export const checkoutDescriptor: ModuleDescriptor = {
  name: 'checkout',
  tables: [settlements],
  memberTables: [
    {
      table: settlements,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'short-lived baskets on their way to an order; a placed order keeps its own lines',
    },
  ],
};
