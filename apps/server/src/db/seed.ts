import { listModules, subscribeModules } from '../modules/index.ts';
import type { Clock } from '../platform/clock.ts';
import type { Secrets } from '../platform/secrets.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import type { Database } from './client.ts';

/**
 * Demo data for `npm start`: every screen has something to show. Idempotent: each seed inserts only what is
 * missing, so a second start changes nothing. A module seeds through its descriptor (`seed`), in the order of
 * `listModules()` (the demo member first).
 */
export async function seedDemoData(db: Database, clock: Clock, storage: FileStorage, secrets?: Secrets) {
  subscribeModules();
  for (const module of listModules()) await module.seed?.(db, clock, storage, secrets);
}
