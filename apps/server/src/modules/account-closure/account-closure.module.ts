/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { accountClosureModule } from './account-closure.routes.ts';
import { accountClosureRequests } from './account-closure.schema.ts';

export const accountClosureDescriptor: ModuleDescriptor = {
  name: 'account-closure',
  routes: [accountClosureModule],
  tables: [accountClosureRequests],
  memberTables: [
    {
      table: accountClosureRequests,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'the proof that the member asked for the deletion and when it was done; holds no personal data',
    },
  ],
};

export {
  createAccountClosureJob,
  createAccountClosureService,
} from './account-closure.service.ts';
