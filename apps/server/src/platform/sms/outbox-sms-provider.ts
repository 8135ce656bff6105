import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { smsOutbox } from '../platform.schema.ts';
import type { SmsProvider } from './sms-provider.ts';

/** The sandbox gateway: keeps each message in the database instead of sending it. */
export function createOutboxSmsProvider(db: Database, clock: Clock): SmsProvider {
  return {
    async send(message) {
      await db.insert(smsOutbox).values({ id: randomUUID(), ...message, createdAt: clock.now() });
    },
  };
}
