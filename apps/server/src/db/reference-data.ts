import { listModules } from '../modules/index.ts';
import type { Database } from './client.ts';

/**
 * Each loader is idempotent: it inserts what is missing and leaves the rest alone. A module adds one through
 * its descriptor (`referenceData`).
 */
export async function loadReferenceData(db: Database) {
  for (const module of listModules()) await module.referenceData?.(db);
}
