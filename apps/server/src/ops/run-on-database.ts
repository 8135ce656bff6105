// `npm run ops` when no server listens on the data directory (or on PostgreSQL): the command runs in this
// process, on the database itself, with the same dependencies the server gives it.
import pino from 'pino';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { subscribeModules } from '../modules/index.ts';
import { privateUrlSigner } from '../modules/uploads/uploads.module.ts';
import { systemClock } from '../platform/clock.ts';
import { FieldCipher } from '../platform/crypto.ts';
import { loggerOptions } from '../platform/log-options.ts';
import type { OpsResult } from '../platform/ops-command.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import { createOutboxSmsProvider } from '../platform/sms/outbox-sms-provider.ts';
import { runOpsCommand } from './commands.ts';

export async function runOpsOnDatabase(config: Config, argv: string[]): Promise<OpsResult> {
  const secrets = resolveSecrets(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
  try {
    await migrateDatabase(database);
    subscribeModules();
    return await runOpsCommand(
      {
        db: database.db,
        clock: systemClock,
        cipher: new FieldCipher(secrets.fieldKey),
        paymentTimeoutMinutes: config.ORDER_PAYMENT_TIMEOUT_MINUTES,
        guestLinkHours: config.GUEST_LINK_HOURS,
        sms: createOutboxSmsProvider(database.db, systemClock),
        publicOrigin: config.PUBLIC_ORIGIN,
        privateUrls: privateUrlSigner(secrets.fieldKey),
        // Order moves go to standard error as JSON lines, like the server's log; the answer goes to standard output.
        log: pino(loggerOptions(config.LOG_LEVEL), pino.destination(2)),
      },
      argv,
    );
  } finally {
    await database.close();
  }
}
