/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { chatConsoleModule } from './chat.console.routes.ts';
import { chatModule } from './chat.routes.ts';
import { chatConversations, chatMessages, chatPresence, chatQuickReplies } from './chat.schema.ts';

export const chatDescriptor: ModuleDescriptor = {
  name: 'chat',
  routes: [chatModule, chatConsoleModule],
  tables: [chatConversations, chatMessages, chatPresence, chatQuickReplies],
  memberTables: [
    {
      table: chatConversations,
      onClosure: 'delete',
      onMerge: 'move',
      why:
        'questions to the pharmacy may tell of illnesses and drugs, with pictures: no reason to keep them for a ' +
        'closed account (messages go with their conversation); on a merge the history moves to the kept account',
    },
  ],
};
