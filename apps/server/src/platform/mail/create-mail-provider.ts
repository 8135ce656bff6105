import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import type { MailProvider } from './mail-provider.ts';
import { createOutboxMailProvider } from './outbox-mail-provider.ts';

/** The mail service MAIL_PROVIDER names; only the sandbox outbox so far (an SMTP provider would go here). */
export function createMailProvider(config: Pick<Config, 'MAIL_PROVIDER'>, db: Executor, clock: Clock): MailProvider {
  switch (config.MAIL_PROVIDER) {
    case 'outbox':
      return createOutboxMailProvider(db, clock);
  }
}
