// `npm run ops -- <command>`: the operator's command line on the server's own database (same configuration:
// DATABASE_URL, or PGlite under DATA_DIR). The commands live in commands.ts.
//
// PGlite allows one process per data directory. When the server runs on it, it listens on
// `${DATA_DIR}/ops.sock` (control-socket.ts) and the command runs inside the server; only when nobody listens
// there does this process open the data directory itself. PostgreSQL takes many connections: opened directly.
import pino from 'pino';
import { loggerOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { privateUrlSigner } from '../modules/uploads/private-uploads.ts';
import { systemClock } from '../platform/clock.ts';
import { FieldCipher } from '../platform/crypto.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import { createOutboxSmsProvider } from '../platform/sms/outbox-sms-provider.ts';
import { OPS_HELP, type OpsResult, runOpsCommand } from './commands.ts';
import { callControlSocket, controlSocketPath } from './control-socket.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
  console.log(OPS_HELP);
  process.exit(0);
}

const config = loadConfig();
let exitCode = 1;
try {
  const result = config.DATABASE_URL ? await runOnDatabase() : await runThroughServerOrOnDatabase();
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(`✘ ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(exitCode);

/**
 * The running server's answer, or, when no server listens on the socket, the command run here. A socket that
 * answers badly throws (callControlSocket) instead of falling through: the data directory of a live server is
 * never opened by a second process.
 */
async function runThroughServerOrOnDatabase(): Promise<OpsResult> {
  const answer = await callControlSocket(controlSocketPath(config.DATA_DIR), argv);
  return answer === 'not-running' ? runOnDatabase() : answer;
}

async function runOnDatabase(): Promise<OpsResult> {
  const secrets = resolveSecrets(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
  try {
    await migrateDatabase(database);
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
