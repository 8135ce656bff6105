/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { reservationsCommands } from './reservations.commands.ts';
import { reservationsConsoleModule } from './reservations.console.routes.ts';
import { reservationsModule } from './reservations.routes.ts';
import { productReservations } from './reservations.schema.ts';
import { seedDemoReservations } from './reservations.seed.ts';

export const reservationsDescriptor: ModuleDescriptor = {
  name: 'reservations',
  routes: [reservationsModule, reservationsConsoleModule],
  commands: reservationsCommands,
  tables: [productReservations],
  memberTables: [
    {
      table: productReservations,
      onClosure: 'delete',
      onMerge: 'move',
      why:
        'a contact phone to text about a product; a closed account is told nothing more. On a merge they ' +
        'move as they are (both accounts may then wait for one product: each reservation is texted once)',
    },
  ],
  seed: seedDemoReservations,
};
