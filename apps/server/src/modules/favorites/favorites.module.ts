/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { favoritesModule } from './favorites.routes.ts';
import { favorites } from './favorites.schema.ts';
import { seedDemoFavorites } from './favorites.seed.ts';

export const favoritesDescriptor: ModuleDescriptor = {
  name: 'favorites',
  routes: [favoritesModule],
  tables: [favorites],
  memberTables: [
    {
      table: favorites,
      onClosure: 'delete',
      onMerge: 'move',
      why:
        'a shopping list of a closed account has no use and says what the member was interested in; on a ' +
        'merge they move, a product both accounts keep stays one favourite (the kept account’s)',
    },
  ],
  seed: seedDemoFavorites,
};

export { countMemberFavorites } from './favorites.repository.ts';
