/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { profileModule } from './profile.routes.ts';
import { seedDemoProfile } from './profile.seed.ts';

/** Profile fields live on the member row (account); this module only seeds the demo profile. */
export const profileDescriptor: ModuleDescriptor = {
  name: 'profile',
  tables: [],
  seed: seedDemoProfile,
  routes: [profileModule],
};
