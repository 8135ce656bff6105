import { mkdirSync } from 'node:fs';
import { roleNamesOf } from '@anxin/shared/staff/staff-roles';
import { buildApp } from './app.ts';
import { isApiDocsEnabled, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { createAccountClosureJob } from './modules/account-closure/account-closure.module.ts';
import { createOrderService } from './modules/orders/orders.module.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './modules/staff/staff.module.ts';
import { privateUrlSigner } from './modules/uploads/uploads.module.ts';
import { runOpsCommand } from './ops/commands.ts';
import { controlSocketPath, isServerListening, startControlSocket } from './ops/control-socket.ts';
import { systemClock } from './platform/clock.ts';
import { resolveSecrets } from './platform/secrets.ts';
import { createOutboxSmsProvider } from './platform/sms/outbox-sms-provider.ts';
import { createFileStorage } from './platform/storage/create-storage.ts';

const config = loadConfig();
mkdirSync(config.DATA_DIR, { recursive: true });
// Checked before opening: a second process on the same PGlite files could corrupt them.
if (!config.DATABASE_URL && (await isServerListening(controlSocketPath(config.DATA_DIR)))) {
  console.error(`Another server is running on ${config.DATA_DIR}: stop it first, or start with another DATA_DIR.`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await migrateDatabase(database);
const secrets = resolveSecrets(config);
if (!config.isProduction) await seedDemoData(database.db, systemClock, createFileStorage(config), secrets);

const app = await buildApp({
  config,
  db: database.db,
  listen: database.listen,
  clock: systemClock,
  secrets,
  sms: createOutboxSmsProvider(database.db, systemClock),
});
const scheduler = startScheduledJobs(app);
// PGlite is single-process: `npm run ops` sends its commands here instead of opening the files (ops/control-socket.ts).
const opsSocket =
  database.kind === 'pglite'
    ? await startControlSocket(
        controlSocketPath(config.DATA_DIR),
        (argv) =>
          runOpsCommand(
            {
              db: database.db,
              clock: systemClock,
              cipher: app.services.cipher,
              paymentTimeoutMinutes: config.ORDER_PAYMENT_TIMEOUT_MINUTES,
              guestLinkHours: config.GUEST_LINK_HOURS,
              sms: app.services.sms,
              publicOrigin: config.PUBLIC_ORIGIN,
              privateUrls: privateUrlSigner(secrets.fieldKey),
              log: app.log,
            },
            argv,
          ),
        app.log,
      )
    : undefined;

async function shutDown(signal: string) {
  app.log.info(`${signal}: shutting down`);
  clearInterval(scheduler);
  await opsSocket?.close();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutDown('SIGINT'));
process.once('SIGTERM', () => void shutDown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const where = config.PUBLIC_ORIGIN.replace(/:\d+$/, `:${config.PORT}`);
const demoStaff = DEMO_STAFF.map((demo) => `${demo.loginName} (${roleNamesOf(demo.roles)})`).join(', ');
// The demo staff exist outside production only (their second factor's secrets are public).
const consoleLines = config.isProduction
  ? `  Operator console: ${where}/admin/login\n`
  : `  Operator console: ${where}/admin/login, demo staff ${demoStaff}, password ${DEMO_STAFF_PASSWORD};
    their six-digit codes are shown on the sign-in page (演示账号)\n`;
console.log(`
  安心大药房 is running at ${where}
  Database: ${database.kind === 'pglite' ? `PGlite (embedded) in ${config.DATA_DIR}/pglite` : 'PostgreSQL (DATABASE_URL)'}
  Demo member: phone 13800138000, password Demo@2026 (or sign in by SMS code); more demo accounts in README.md
  SMS outbox (codes the demo "sends"): ${where}/dev/sms-outbox
${consoleLines}${isApiDocsEnabled(config) ? `  API docs: ${where}/web-gateway/docs\n` : ''}`);

/** Periodic jobs (expiring unpaid orders, finishing account deletions) run here; each is safe to run on many processes. */
function startScheduledJobs(jobApp: typeof app) {
  const { db, clock, config: jobConfig } = jobApp.services;
  const storage = createFileStorage(jobConfig);
  const orderService = createOrderService({ db, clock, log: jobApp.log });
  const closures = createAccountClosureJob({ ...jobApp.services, storage });
  return setInterval(() => {
    orderService.cancelExpiredOrders().catch((error) => jobApp.log.error({ err: error }, 'cancelExpiredOrders failed'));
    closures.finishAccountClosures().catch((error) => jobApp.log.error({ err: error }, 'finishAccountClosures failed'));
  }, 60_000);
}
