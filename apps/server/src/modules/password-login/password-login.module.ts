/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { passwordLoginModule } from './password-login.routes.ts';
import { loginKeys } from './password-login.schema.ts';
import { seedPasswordLoginAccounts } from './password-login.seed.ts';

export const passwordLoginDescriptor: ModuleDescriptor = {
  name: 'password-login',
  routes: [passwordLoginModule],
  tables: [loginKeys],
  seed: seedPasswordLoginAccounts,
};
