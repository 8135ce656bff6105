/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { mallCommands } from './mall.commands.ts';
import { mallConsoleModule } from './mall.console.routes.ts';
import { mallModule } from './mall.routes.ts';
import { callbackRequests } from './mall.schema.ts';

export { createMallConfigService } from './mall-config.service.ts';

export const mallDescriptor: ModuleDescriptor = {
  name: 'mall',
  tables: [callbackRequests],
  routes: [mallModule, mallConsoleModule],
  commands: mallCommands,
  memberTables: [
    {
      table: callbackRequests,
      onClosure: 'delete',
      onMerge: 'move',
      why:
        'a phone to call back; a closed account is called no more. On a merge they move as they are (the kept ' +
        'account may then have two open requests: each is called once)',
    },
  ],
};
