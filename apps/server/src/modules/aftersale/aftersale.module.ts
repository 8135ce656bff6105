/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import { eq } from 'drizzle-orm';
import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { orderEvents } from '../orders/orders.module.ts';
import { afterSaleConsoleModule } from './aftersale.console.routes.ts';
import { afterSaleModule } from './aftersale.routes.ts';
import { afterSaleLines, afterSales } from './aftersale.schema.ts';
import { afterSaleOnOrderEvents } from './aftersale-refund.ts';

export const afterSaleDescriptor: ModuleDescriptor = {
  name: 'aftersale',
  routes: [afterSaleModule, afterSaleConsoleModule],
  tables: [afterSales, afterSaleLines],
  memberTables: [
    {
      table: afterSales,
      onClosure: 'anonymise',
      onMerge: 'move',
      why:
        'a request and its refund are part of the sale and its accounting, kept with the order; the member’s own ' +
        'words are emptied (they may tell of an illness) and the photos go with the uploads',
    },
  ],
  async closeMember(tx, memberId) {
    await tx.update(afterSales).set({ description: '', photos: [] }).where(eq(afterSales.memberId, memberId));
    return undefined;
  },
  subscribe: () => orderEvents.subscribe('aftersale', afterSaleOnOrderEvents),
};
