// `npm run ops -- <command>`: the operator's command line on the server's own database (same configuration:
// DATABASE_URL, or PGlite under DATA_DIR). The commands live in commands.ts.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { systemClock } from '../platform/clock.ts';
import { OPS_HELP, runOpsCommand } from './commands.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
  console.log(OPS_HELP);
  process.exit(0);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
let exitCode = 1;
try {
  await migrateDatabase(database);
  const result = await runOpsCommand(
    { db: database.db, clock: systemClock, paymentTimeoutMinutes: config.ORDER_PAYMENT_TIMEOUT_MINUTES },
    argv,
  );
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(`✘ ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(exitCode);
