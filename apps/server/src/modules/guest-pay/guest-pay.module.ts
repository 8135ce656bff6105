/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { guestPayCommands } from './guest-pay.commands.ts';
import { guestPayConsoleModule } from './guest-pay.console.routes.ts';
import { deleteLinksOfMember } from './guest-pay.repository.ts';
import { guestPayModule } from './guest-pay.routes.ts';
import { guestPayLinks } from './guest-pay.schema.ts';

/**
 * The guest payment links. The table has no member column (the order names the member); when an account is
 * closed its links go, with the copy of the phone they hold (the orders themselves are kept for the law).
 */
export const guestPayDescriptor: ModuleDescriptor = {
  name: 'guest-pay',
  routes: [guestPayModule, guestPayConsoleModule],
  commands: guestPayCommands,
  tables: [guestPayLinks],
  async closeMember(tx, memberId) {
    await deleteLinksOfMember(tx, memberId);
    return undefined;
  },
};
export { countOpenGuestLinks, findLinkByKey } from './guest-pay.repository.ts';
export { guestPayLinks } from './guest-pay.schema.ts';
