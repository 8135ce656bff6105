import { loadCatalogue } from '../modules/catalogue/catalogue.reference.ts';
import { loadProtocols } from '../modules/protocols/protocols.reference.ts';
import { loadRegions } from '../modules/regions/regions.reference.ts';
import type { Database } from './client.ts';

/** Each loader is idempotent: it inserts what is missing and leaves the rest alone. Add a loader as one line. */
export async function loadReferenceData(db: Database) {
  await loadProtocols(db);
  await loadRegions(db);
  await loadCatalogue(db);
}
