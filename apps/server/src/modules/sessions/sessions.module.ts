/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { sessionsModule } from './sessions.routes.ts';

export const sessionsDescriptor: ModuleDescriptor = { name: 'sessions', tables: [], routes: [sessionsModule] };
