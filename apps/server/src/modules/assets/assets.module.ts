/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { orderEvents } from '../orders/orders.module.ts';
import { assetsCommands } from './assets.commands.ts';
import { assetsConsoleModule } from './assets.console.routes.ts';
import { assetsOnOrderEvents } from './assets.order-events.ts';
import { assetsModule } from './assets.routes.ts';
import { coinEntries, couponBatches, coupons, couponTemplates } from './assets.schema.ts';
import { seedDemoAssets } from './assets.seed.ts';
import { loadReferenceCouponTemplates } from './coupon-templates.reference.ts';

export const assetsDescriptor: ModuleDescriptor = {
  name: 'assets',
  routes: [assetsModule, assetsConsoleModule],
  commands: assetsCommands,
  tables: [coupons, coinEntries, couponTemplates, couponBatches],
  memberTables: [
    {
      table: coupons,
      onClosure: 'delete',
      onMerge: 'move',
      why:
        'a closed account can spend nothing, so its coupons have no use; an order keeps its own couponValue. ' +
        'On a merge they move (the gift pack stays once: the kept account’s pack wins the unique slot)',
    },
    {
      table: coinEntries,
      onClosure: 'delete',
      onMerge: 'move',
      why:
        'the ledger is a balance of a closed account that can no longer spend it, and orders keep their own ' +
        'mallCoinMoney; on a merge the entries move, so the kept account’s balance is the sum of both',
    },
  ],
  seed: seedDemoAssets,
  referenceData: loadReferenceCouponTemplates,
  subscribe: () => orderEvents.subscribe('assets', assetsOnOrderEvents),
};

export { orderCoinDescription } from './coins.rules.ts';
export { createCoinService } from './coins.service.ts';
export { createCouponService } from './coupons.service.ts';
