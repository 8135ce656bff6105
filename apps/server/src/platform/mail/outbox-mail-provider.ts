import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { mailOutbox } from '../platform.schema.ts';
import type { MailProvider } from './mail-provider.ts';

/**
 * The sandbox mail service: keeps each message in the database instead of sending it (attachments by name
 * and size only; the invoice itself stays in storage). The development page reads it back.
 */
export function createOutboxMailProvider(db: Executor, clock: Clock): MailProvider {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({
        id: randomUUID(),
        recipients: message.to,
        subject: message.subject,
        body: message.text,
        attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          size: content.length,
        })),
        createdAt: clock.now(),
      });
    },
  };
}
