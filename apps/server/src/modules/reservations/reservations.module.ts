import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { productReservations } from './reservations.schema.ts';
import { seedDemoReservations } from './reservations.seed.ts';

export const reservationsDescriptor: ModuleDescriptor = {
  name: 'reservations',
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
