import { eq } from 'drizzle-orm';
import type { ModuleDescriptor } from '../../platform/module-descriptor.ts';
import { uploads } from './uploads.schema.ts';

export const uploadsDescriptor: ModuleDescriptor = {
  name: 'uploads',
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
