// npm test: installs what is missing, then lint, typecheck, the OpenAPI document's lint (Spectral), unit + API
// tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and the browser journeys in Debian's Chromium.
// Ends with one line "N passed, N failed" counted from the runners' JSON reports, so a run that executed
// nothing cannot look green.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildServerIfStale } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';
import { ensureNodeModules } from './ensure-installed.mjs';

const REPORT_DIR = '.tmp/reports';

function ensureBrowser() {
  const hasChromium = existsSync('/usr/bin/chromium');
  const hasCjkFonts = spawnSync('dpkg', ['-s', 'fonts-noto-cjk'], { stdio: 'ignore' }).status === 0;
  if (hasChromium && hasCjkFonts) return;
  const isRootOnDebian = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!isRootOnDebian) {
    console.error('Browser tests need Debian packages: sudo apt-get install -y chromium fonts-noto-cjk');
    process.exit(1);
  }
  console.log('Installing chromium and fonts-noto-cjk (apt-get)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
    stdio: 'inherit',
  });
}

function run(title, command) {
  console.log(`\n▶ ${title}: ${command}`);
  const result = spawnSync(command, { stdio: 'inherit', shell: true });
  return result.status === 0;
}

/** Starts a step whose output goes to `logPath`; answers a promise of whether it passed. */
function runInBackground(title, command, logPath) {
  console.log(`\n▶ ${title}, in the background (output after the next step): ${command}`);
  const log = openSync(logPath, 'w');
  const child = spawn(command, { stdio: ['ignore', log, log], shell: true });
  return new Promise((resolvePassed) => child.once('close', (code) => resolvePassed(code === 0)));
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Each failed test as file › title, from vitest's and Playwright's JSON reports. */
function failedTestNames(vitestReport, playwrightReport) {
  const names = [];
  for (const file of vitestReport?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') names.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
    }
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push(`${spec.file}:${spec.line} › ${spec.title} (${test.projectName})`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite);
  return names;
}

ensureNodeModules();
ensureBrowser();
rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });

const steps = [];
steps.push(run('lint', 'npx biome check .'));
steps.push(run('typecheck', 'npm run typecheck --silent'));
steps.push(run('OpenAPI document (Spectral, no warning allowed)', 'npm run lint:openapi --silent'));
buildWebIfStale();
// Once here, before the journeys' web server starts it (e2e/playwright.config.ts builds it too when stale).
await buildServerIfStale();
// The browser journeys run beside the unit and API tests, which keep vitest's one worker on a 2-core machine:
// with two the run took as long (both cores are busy either way) and the journeys, slowed by a quarter, grew
// flakier. The journeys' output is kept and printed after the tests'.
const journeysLog = resolve(REPORT_DIR, 'journeys.log');
const journeys = runInBackground(
  'browser journeys',
  // Playwright resolves a relative report path against its config's folder: give it an absolute one.
  `PLAYWRIGHT_JSON_OUTPUT_NAME=${resolve(REPORT_DIR, 'playwright.json')} npx playwright test -c e2e/playwright.config.ts --reporter=list,json`,
  journeysLog,
);
steps.push(
  run(
    'unit and API tests',
    `npx vitest run --reporter=default --reporter=json --outputFile.json=${REPORT_DIR}/vitest.json`,
  ),
);
steps.push(await journeys);
console.log(`\n▶ browser journeys (ran beside the tests above):\n`);
console.log(readFileSync(journeysLog, 'utf8'));

const vitest = readJson(`${REPORT_DIR}/vitest.json`);
const playwright = readJson(`${REPORT_DIR}/playwright.json`);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const flaky = playwright?.stats?.flaky ?? 0;
// Named again at the very end, where a CI log cut to its last lines still shows them.
for (const name of failedTestNames(vitest, playwright)) console.log(`✘ ${name}`);
if (flaky) console.log(`\n${flaky} browser journey(s) passed only on their retry: see the list above.`);
const isGreen = steps.every(Boolean) && failed === 0 && passed > 0 && vitest && playwright;
console.log(`\n${passed} passed, ${isGreen ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(isGreen ? 0 : 1);
