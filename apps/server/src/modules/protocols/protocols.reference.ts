import type { Executor } from '../../db/client.ts';
import { PROTOCOL_TEXTS } from './protocol-texts.ts';
import { protocols } from './protocols.schema.ts';

export async function loadProtocols(db: Executor) {
  await db
    .insert(protocols)
    .values(PROTOCOL_TEXTS.map((text) => ({ ...text, updatedAt: new Date('2026-11-01T00:00:00+08:00') })))
    .onConflictDoNothing();
}
