import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { qrLogins } from './qr-login.schema.ts';

export const qrLoginDescriptor: ModuleDescriptor = {
  name: 'qr-login',
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
