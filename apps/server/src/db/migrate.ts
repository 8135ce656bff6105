import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';
import { loadReferenceData } from './reference-data.ts';

const migrationsFolder = fileURLToPath(new URL('./drizzle', import.meta.url));

/** Schema migrations, then the reference data every install needs (regions, protocol texts, catalogue). */
export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  await loadReferenceData(handle.db);
}
