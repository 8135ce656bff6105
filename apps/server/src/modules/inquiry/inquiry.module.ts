/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { inquiryCommands } from './inquiry.commands.ts';
import { inquiryConsoleModule } from './inquiry.console.routes.ts';
import { inquiryModule } from './inquiry.routes.ts';
import { inquiryLinks, orderInquiries } from './inquiry.schema.ts';
import { seedDemoInquiries } from './inquiry.seed.ts';
import { inquiryLinksModule } from './inquiry-links.routes.ts';
import { inquiryToolsConsoleModule } from './inquiry-tools.console.routes.ts';

export const inquiryDescriptor: ModuleDescriptor = {
  name: 'inquiry',
  routes: [inquiryModule, inquiryLinksModule, inquiryConsoleModule, inquiryToolsConsoleModule],
  commands: inquiryCommands,
  tables: [orderInquiries, inquiryLinks],
  memberTables: [
    {
      table: orderInquiries,
      onClosure: 'keep-for-law',
      onMerge: 'move',
      why: 'the inquiry and the pharmacist’s review are part of the prescription drug sale the law makes the pharmacy keep',
    },
  ],
  seed: seedDemoInquiries,
};

export { createInquiryService } from './inquiry.service.ts';
export { reviewFigures } from './review-figures.ts';
