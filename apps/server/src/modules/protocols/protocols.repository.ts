import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { protocols } from './protocols.schema.ts';

/** The texts of these codes (an unknown code has none). */
export async function listProtocolsByCodes(db: Executor, codes: string[]) {
  return db.select().from(protocols).where(inArray(protocols.protocolCode, codes));
}
