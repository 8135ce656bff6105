// Lints the server's OpenAPI document with Spectral (.spectral.yaml, spectral:oas) so that a client generator
// can use it: builds the app without a database and without listening, writes the document that
// /web-gateway/openapi.json serves to .tmp/openapi.json, and fails on any warning or error.
// Run by `npm test`; alone: `npm run lint:openapi`.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createOutboxSmsProvider } from '../apps/server/src/platform/sms/outbox-sms-provider.ts';

const DOCUMENT_PATH = '.tmp/openapi.json';

// Building the app registers every route and calls none: no database is opened (seconds saved), and any use
// of one fails loudly.
const noDatabase = new Proxy(
  {},
  {
    get: (_target, property) => {
      throw new Error(`the OpenAPI document was built without a database, yet db.${String(property)} was used`);
    },
  },
);
const app = await buildApp(
  {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/openapi-data' }),
    db: noDatabase,
    listen: async () => async () => {},
    clock: systemClock,
    secrets: { jwtSecret: randomBytes(32), fieldKey: randomBytes(32) },
    sms: createOutboxSmsProvider(noDatabase, systemClock),
  },
  { logger: false },
);
// What /web-gateway/openapi.json answers; called directly, so a refused document says why (platform/openapi.ts).
await app.ready();
const document = app.swagger();
await app.close();
mkdirSync('.tmp', { recursive: true });
writeFileSync(DOCUMENT_PATH, JSON.stringify(document));

const lint = spawnSync(
  'node_modules/.bin/spectral',
  ['lint', '--fail-severity=warn', '--ruleset', '.spectral.yaml', DOCUMENT_PATH],
  {
    stdio: 'inherit',
  },
);
process.exit(lint.status ?? 1);
