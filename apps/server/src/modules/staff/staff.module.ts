/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { staffConsoleModule } from './staff.console.routes.ts';
import { staff, staffSessions, staffSignInChallenges } from './staff.schema.ts';
import { seedDemoStaff } from './staff.seed.ts';
import { staffAdminConsoleModule } from './staff-admin.console.routes.ts';

/**
 * The pharmacy's staff, their sign-in to the console (password, TOTP), their sessions and the admin's management of
 * their accounts (docs/CONSOLE.md).
 */
export const staffDescriptor: ModuleDescriptor = {
  name: 'staff',
  routes: [staffConsoleModule, staffAdminConsoleModule],
  tables: [staff, staffSignInChallenges, staffSessions],
  seed: seedDemoStaff,
};

export { staff, staffSessions } from './staff.schema.ts';
export { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './staff.seed.ts';
export { createStaffTokens, STAFF_AUDIENCE, type StaffTokens } from './staff-tokens.ts';
export { totpCodeAt, totpStepOf } from './totp.ts';
