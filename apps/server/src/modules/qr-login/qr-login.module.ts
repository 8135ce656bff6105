/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { qrLoginModule } from './qr-login.routes.ts';
import { qrLogins } from './qr-login.schema.ts';

export const qrLoginDescriptor: ModuleDescriptor = {
  name: 'qr-login',
  routes: [qrLoginModule],
  tables: [qrLogins],
  memberTables: [
    {
      table: qrLogins,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'short-lived QR sign-ins with the scanning device; nothing to keep',
    },
  ],
};
