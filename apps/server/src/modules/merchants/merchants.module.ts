/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { merchantsCommands } from './merchants.commands.ts';
import { merchantsConsoleModule } from './merchants.console.routes.ts';
import { merchantsModule } from './merchants.routes.ts';
import { merchantApplications } from './merchants.schema.ts';

export const merchantsDescriptor: ModuleDescriptor = {
  name: 'merchants',
  routes: [merchantsModule, merchantsConsoleModule],
  commands: merchantsCommands,
  tables: [merchantApplications],
  memberTables: [
    {
      table: merchantApplications,
      onClosure: 'delete',
      onMerge: 'move',
      why:
        'an application names a contact person and a phone; a closed account can no longer follow it (an ' +
        'approved store is run by its own agreement, outside the member account). On a merge it moves',
    },
  ],
};
