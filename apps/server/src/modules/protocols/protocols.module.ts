/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { loadProtocols } from './protocols.reference.ts';
import { protocolsModule } from './protocols.routes.ts';
import { protocols } from './protocols.schema.ts';

export const protocolsDescriptor: ModuleDescriptor = {
  name: 'protocols',
  routes: [protocolsModule],
  tables: [protocols],
  referenceData: loadProtocols,
};
