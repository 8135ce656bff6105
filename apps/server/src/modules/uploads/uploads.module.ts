/**
 * The module's door: what other modules, app.ts, app-services.ts, db/ and ops/ may use of it. They import this
 * file only, never the module's other files (module-doors.unit.test.ts).
 */

import { eq } from 'drizzle-orm';
import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { uploadsModule } from './uploads.routes.ts';
import { uploads } from './uploads.schema.ts';

export const uploadsDescriptor: ModuleDescriptor = {
  name: 'uploads',
  routes: [uploadsModule],
  tables: [uploads],
  memberTables: [
    {
      table: uploads,
      onClosure: 'delete',
      onMerge: 'move',
      why: 'photos (avatar, review photos) may show a face, a name or an address; rows and files go',
    },
  ],
  async closeMember(tx, memberId) {
    const rows = await tx.select({ name: uploads.name }).from(uploads).where(eq(uploads.memberId, memberId));
    if (rows.length === 0) return undefined;
    // Only after the commit: a rolled-back closure must still find its files.
    return async ({ storage }) => {
      for (const { name } of rows) await storage.delete(name);
    };
  },
};

export {
  PRIVATE_UPLOAD_MODULE,
  type PrivateUrlSigner,
  privateUploadCipher,
  privateUrlSigner,
  resolveOwnUpload,
  storedImageName,
  uploadNameOf,
} from './private-uploads.ts';
export { findMemberUpload, findMemberUploadNames } from './uploads.repository.ts';
export { uploads } from './uploads.schema.ts';
