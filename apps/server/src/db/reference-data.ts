import type { Database } from './client.ts';

/** Each loader is idempotent: it inserts what is missing and leaves the rest alone. */
export async function loadReferenceData(_db: Database) {}
