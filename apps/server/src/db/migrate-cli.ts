// npm run db:migrate: migrates the configured database (DATABASE_URL or DATA_DIR) without starting the server.
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const config = loadConfig();
mkdirSync(config.DATA_DIR, { recursive: true });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await migrateDatabase(database);
await database.close();
console.log(`Migrated ${database.kind === 'pglite' ? `${config.DATA_DIR}/pglite` : 'DATABASE_URL'}`);
