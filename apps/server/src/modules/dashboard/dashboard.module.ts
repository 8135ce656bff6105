/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { dashboardConsoleModule } from './dashboard.console.routes.ts';

/** The console's 工作台: figures read from the orders, inquiry and guest-pay modules; no tables of its own. */
export const dashboardDescriptor: ModuleDescriptor = {
  name: 'dashboard',
  routes: [dashboardConsoleModule],
  tables: [],
};
