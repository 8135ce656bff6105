/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadRegions } from './regions.reference.ts';
import { regionsModule } from './regions.routes.ts';
import { regions } from './regions.schema.ts';

export const regionsDescriptor: ModuleDescriptor = {
  name: 'regions',
  tables: [regions],
  referenceData: loadRegions,
  routes: [regionsModule],
};

export { createRegionService } from './regions.service.ts';
