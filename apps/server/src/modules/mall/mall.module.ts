/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { mallModule } from './mall.routes.ts';

export { runMallConfigCommand } from './mall.ops.ts';
export { createMallConfigService } from './mall-config.service.ts';

export const mallDescriptor: ModuleDescriptor = { name: 'mall', tables: [], routes: [mallModule] };
