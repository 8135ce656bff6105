import type { Clock } from '../platform/clock.ts';
import type { Database } from './client.ts';

/** Demo data for `npm start`: idempotent, each module's seed inserts only what is missing. */
export async function seedDemoData(_db: Database, _clock: Clock) {}
