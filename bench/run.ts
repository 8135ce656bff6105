// npm run bench: starts the real server (PGlite; and PostgreSQL too when BENCH_DATABASE_URL is set), loads it
// over loopback with autocannon and prints req/s, p99 and the server's peak RSS for the member calls next to a
// hello-world route and a one-row select route measured in the same run, as ratios.
//
// Orders (issue 5): before the server starts, bench/generate-orders.ts fills the database with members and
// orders (the demo member gets 200 of them). The database grows step by step — 10k orders, 100k, 1M, up to
// the largest size — and at each step the server is started and the demo member's order list is measured,
// its first page (served again while the member's orders do not change) and its second (read afresh every
// time): their p50 should stay flat as the table grows. At the largest size the full table is measured: the
// baselines, member info, token refresh, the order list, the order counts and the member home calls.
//
// Environment:
//   BENCH_DATABASE_URL       a PostgreSQL server (e.g. postgres://anxin_ci:anxin_ci@127.0.0.1:5432/anxin_ci);
//                            the bench creates its own database BENCH_DATABASE_NAME there and drops it at the end
//   BENCH_DATABASE_NAME      default anxin_bench
//   BENCH_KEEP_DATABASE=1    keep that database (and .tmp/bench-data) for a look afterwards
//   BENCH_ORDERS_MAX         largest order count on PostgreSQL, default 1000000 (members: a tenth of it)
//   BENCH_PGLITE_ORDERS_MAX  largest order count on PGlite, default 100000 (members: a tenth of it)
//   BENCH_SECONDS            seconds per measured call, default 5
//   BENCH_PGLITE=0           skip the PGlite part (PostgreSQL only)
// On the 2-core bench machine (shared) the default run (PGlite only, 100k orders) takes about 1.5 minutes;
// PostgreSQL with 1M orders adds about 4 (generating 1M orders with 1.6M lines takes about 1.5 of them).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { type GenerateResult, prepareBenchDatabase } from './generate-orders.ts';
import { type LoginResult, postJson, signInBySms as signInBySmsAt } from './sms-sign-in.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PORT = 8290;
const BASE = `http://127.0.0.1:${PORT}/web-gateway`;
const DEMO_PHONE = '13800138000';
const ORDER_STEPS = [10_000, 100_000, 1_000_000];
const PGLITE_ORDERS_MAX = Number(process.env.BENCH_PGLITE_ORDERS_MAX ?? 100_000);
const POSTGRES_ORDERS_MAX = Number(process.env.BENCH_ORDERS_MAX ?? 1_000_000);
const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
/** The order list call of the member home and the first tab of MyOrder. */
const ORDER_LIST_PATH = '/v3/orders?type=all&page=1&size=4';
/** The next page: read afresh on every call (only first pages are kept, see member-orders.service.ts). */
const ORDER_PAGE_2_PATH = '/v3/orders?type=all&page=2&size=4';

type Row = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number };

async function startServer(env: Record<string, string>) {
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CAPTCHA_MODE: 'test',
      BENCH_ROUTES: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240 && server.exitCode === null; i++) {
    if (
      await fetch(`${BASE}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const peakRssMb = (server: ChildProcess) => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const post = <T = Record<string, string & number>>(path: string, body: object) => postJson<T>(BASE, path, body);
const signInBySms = (phone: string) => signInBySmsAt(BASE, phone);

/** The same sign-in after a server restart: one SMS code a minute per phone, so rotate the refresh token. */
async function refreshSignIn(login: LoginResult) {
  const next = await post<LoginResult>('/passport/account/token/refresh', { refreshToken: login.refresh_token });
  if (!next.refresh_token) throw new Error(`refresh failed: ${JSON.stringify(next)}`);
  return next;
}

async function load(name: string, options: Partial<autocannon.Options>): Promise<Row> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    ...options,
  } as autocannon.Options);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/**
 * Every request rotates a refresh token, as a real client does. Tokens wait in a pool (one chain per
 * connection): a request takes one, its reply puts the rotated one back. (autocannon resets its per-request
 * context after each request, so the chain cannot live there.)
 */
async function loadRefresh(): Promise<Row> {
  // One member per connection: the SMS limit allows one code a minute per phone.
  const pool: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) pool.push((await signInBySms(`1390000${1000 + i}`)).refresh_token);
  return load('POST token/refresh', {
    url: `${BASE}/passport/account/token/refresh`,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ refreshToken: pool.shift() }) }),
        onResponse: (status, body) => {
          if (status === 200) pool.push(JSON.parse(body).refresh_token);
        },
      },
    ],
  });
}

/** The calls the member home (/user) makes on opening, each connection going through them in turn. */
const loadMemberHome = (headers: Record<string, string>) =>
  load('member home: vo + orders + counts', {
    url: BASE,
    headers,
    requests: [
      { method: 'GET', path: '/web-gateway/v2/member/vo' },
      { method: 'GET', path: `/web-gateway${ORDER_LIST_PATH}` },
      { method: 'GET', path: '/web-gateway/v3/orders/counts' },
    ],
  });

type Location = { dataDir: string } | { databaseUrl: string };
type GrowthRow = { orders: number; generated: GenerateResult; oneRow: Row; list: Row; page2: Row };

/**
 * Grows the database step by step up to `ordersMax` orders; at each step starts the server and measures the
 * order list; at the last step measures every call and prints both tables.
 */
async function benchDatabase(label: string, location: Location, env: Record<string, string>, ordersMax: number) {
  const steps = [...ORDER_STEPS.filter((size) => size < ordersMax), ordersMax];
  const members = Math.round(ordersMax / 10);
  const growth: GrowthRow[] = [];
  let login: LoginResult | undefined;
  for (const [index, size] of steps.entries()) {
    const generated = await prepareBenchDatabase(location, { members, orders: size });
    console.log(
      `${label}: ${generated.orders} orders (${generated.orderLines} lines), ${generated.members} members; ` +
        `this step generated in ${generated.seconds.toFixed(0)} s`,
    );
    const server = await startServer(env);
    try {
      login = login ? await refreshSignIn(login) : await signInBySms(DEMO_PHONE);
      const auth = { authorization: `Bearer ${login.access_token}` };
      // Warm up (JIT, first plans, caches) before the measured runs.
      await load('warm-up', { url: `${BASE}${ORDER_LIST_PATH}`, headers: auth, duration: 2 });
      growth.push({
        orders: generated.orders,
        generated,
        oneRow: await load('GET one-row select (baseline)', { url: `${BASE}/bench/one-row` }),
        list: await load(`GET ${ORDER_LIST_PATH}`, { url: `${BASE}${ORDER_LIST_PATH}`, headers: auth }),
        page2: await load(`GET ${ORDER_PAGE_2_PATH}`, { url: `${BASE}${ORDER_PAGE_2_PATH}`, headers: auth }),
      });
      if (index < steps.length - 1) continue;
      const rows = [
        await load('GET hello-world (baseline)', { url: `${BASE}/bench/hello` }),
        await load('GET one-row select (baseline)', { url: `${BASE}/bench/one-row` }),
        await load('GET /v2/member/vo', { url: `${BASE}/v2/member/vo`, headers: auth }),
        await loadRefresh(),
        await load(`GET ${ORDER_LIST_PATH}`, { url: `${BASE}${ORDER_LIST_PATH}`, headers: auth }),
        await load(`GET ${ORDER_PAGE_2_PATH} (read afresh)`, { url: `${BASE}${ORDER_PAGE_2_PATH}`, headers: auth }),
        await load('GET /v3/orders/counts', { url: `${BASE}/v3/orders/counts`, headers: auth }),
        await loadMemberHome(auth),
      ];
      print(`${label}, ${generated.members} members, ${generated.orders} orders`, rows, peakRssMb(server));
      printGrowth(label, growth);
    } finally {
      await stopServer(server);
    }
  }
}

function print(label: string, rows: Row[], rssMb: number) {
  const [hello, oneRow] = rows;
  console.log(`\n${label}: ${CONNECTIONS} connections × ${DURATION_SECONDS} s each, loopback`);
  console.table(
    rows.map((row) => ({
      call: row.name,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'vs hello': `${((row.requestsPerSecond / hello.requestsPerSecond) * 100).toFixed(0)} %`,
      'vs one-row': `${((row.requestsPerSecond / oneRow.requestsPerSecond) * 100).toFixed(0)} %`,
      errors: row.errors,
    })),
  );
  console.log(`server peak RSS: ${rssMb.toFixed(0)} MB`);
}

function printGrowth(label: string, growth: GrowthRow[]) {
  console.log(
    `\n${label}: the demo member's order list (200 orders) as the orders table grows; page 1 as the member ` +
      'home asks for it (kept while the orders do not change), page 2 read afresh',
  );
  const ratio = (row: Row, oneRow: Row) => `${((row.requestsPerSecond / oneRow.requestsPerSecond) * 100).toFixed(0)} %`;
  console.table(
    growth.map(({ orders, generated, oneRow, list, page2 }) => ({
      orders,
      'order lines': generated.orderLines,
      'generated in s': Math.round(generated.seconds),
      'one-row req/s': Math.round(oneRow.requestsPerSecond),
      'page 1 p50 ms': list.p50,
      'page 1 p99 ms': list.p99,
      'page 1 vs one-row': ratio(list, oneRow),
      'page 2 p50 ms': page2.p50,
      'page 2 p99 ms': page2.p99,
      'page 2 vs one-row': ratio(page2, oneRow),
      errors: list.errors + page2.errors,
    })),
  );
}

/** A fresh database of our own on the bench's PostgreSQL server, so the tests' databases stay untouched. */
async function createBenchDatabase(serverUrl: string) {
  const name = process.env.BENCH_DATABASE_NAME ?? 'anxin_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_NAME: not a plain name: ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const dataDir = '.tmp/bench-data';
rmSync(dataDir, { recursive: true, force: true });
if (process.env.BENCH_PGLITE !== '0') {
  await benchDatabase('PGlite (embedded)', { dataDir: `${dataDir}/pglite` }, { DATA_DIR: dataDir }, PGLITE_ORDERS_MAX);
}
if (process.env.BENCH_DATABASE_URL) {
  const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
  try {
    await benchDatabase(
      'PostgreSQL',
      { databaseUrl: database.url },
      { DATA_DIR: dataDir, DATABASE_URL: database.url },
      POSTGRES_ORDERS_MAX,
    );
  } finally {
    if (!KEEP) await database.drop();
  }
}
if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
