import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { accountClosureRequests } from './account-closure.schema.ts';

export const accountClosureDescriptor: ModuleDescriptor = {
  name: 'account-closure',
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
