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
//   BENCH_KEEP_DATABASE=1    keep that database (and .tmp/bench-data-<port>) for a look afterwards
//   BENCH_REUSE_DATABASE=1   start from that database when it exists (kept by an earlier run): the generator
//                            only adds what is missing, so a second run skips most of the generating
//   BENCH_ORDERS_MAX         largest order count on PostgreSQL, default 1000000 (members: a tenth of it)
//   BENCH_PGLITE_ORDERS_MAX  largest order count on PGlite, default 100000 (members: a tenth of it)
//   BENCH_SECONDS            seconds per measured call, default 5
//   BENCH_PGLITE=0           skip the PGlite part (PostgreSQL only)
//   BENCH_PORT               the server's port, default 8290 (its files go to .tmp/bench-data-<port>)
// On the 2-core bench machine (shared) the default run (PGlite only, 100k orders) takes about 1.5 minutes;
// PostgreSQL with 1M orders adds about 4 (generating 1M orders with 1.6M lines takes about 1.5 of them).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { type GenerateResult, prepareBenchDatabase } from './generate-orders.ts';
import { type LoginResult, postJson, signInBySms as signInBySmsAt } from './sms-sign-in.ts';
import { signInDemoStaff } from './staff-sign-in.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8290);
const BASE = `http://127.0.0.1:${PORT}/web-gateway`;
const DEMO_PHONE = '13800138000';
const ORDER_STEPS = [10_000, 100_000, 1_000_000];
const PGLITE_ORDERS_MAX = Number(process.env.BENCH_PGLITE_ORDERS_MAX ?? 100_000);
const POSTGRES_ORDERS_MAX = Number(process.env.BENCH_ORDERS_MAX ?? 1_000_000);
const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
const REUSE = process.env.BENCH_REUSE_DATABASE === '1';
/** The order list call of the member home and the first tab of MyOrder. */
const ORDER_LIST_PATH = '/v3/orders?type=all&page=1&size=4';
/** The next page: read afresh on every call (only first pages are kept, see member-orders.service.ts). */
const ORDER_PAGE_2_PATH = '/v3/orders?type=all&page=2&size=4';

type Row = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number };

/** Starts the server; answers it with the milliseconds from its start to its first answered request. */
async function startServer(env: Record<string, string>) {
  const startedAt = performance.now();
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CAPTCHA_MODE: 'test',
      BENCH_ROUTES: '1',
      // The sign-ins name their own address (sms-sign-in.ts), so runs one after another stay within the SMS limits.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 2400 && server.exitCode === null; i++) {
    if (
      await fetch(`${BASE}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { server, startMs: performance.now() - startedAt };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('server did not start');
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** The server's resident memory now (VmRSS) or its peak so far (VmHWM), in MB. */
const rssMb = (server: ChildProcess, field: 'VmRSS' | 'VmHWM') => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
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
  // One member per connection: the SMS limit allows one code a minute per phone. Phones of this run's own (a
  // reused database remembers the codes earlier runs sent).
  const run = Math.floor(Date.now() / 1000) % 100_000;
  const pool: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    pool.push((await signInBySms(`139${String(run * 100 + i).padStart(8, '0')}`)).refresh_token);
  }
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
type GrowthRow = { orders: number; generated: GenerateResult; startMs: number; oneRow: Row; list: Row; page2: Row };
type Memory = { startMs: number; idleMb: number; peakMb: number };

/** The console's and the chat's calls of the bench (issue 34), by the staff who make them. */
async function consoleAndChatCalls(memberAuth: Record<string, string>) {
  const pharmacist = { authorization: `Bearer ${await signInDemoStaff(BASE, 'yaoshi_demo')}` };
  const service = { authorization: `Bearer ${await signInDemoStaff(BASE, 'kefu_demo')}` };
  // The demo member's latest conversation is held by kefu_demo (generate-console-data.ts).
  const history = (await (await fetch(`${BASE}/v2/chat/messages`, { headers: memberAuth })).json()) as {
    conversation: { id: number } | null;
  };
  if (!history.conversation) throw new Error('the demo member has no chat conversation');
  return [
    { name: 'GET /admin/inquiries (pharmacist’s queue)', path: '/admin/inquiries', headers: pharmacist },
    { name: 'GET /admin/orders (console search, page 1)', path: '/admin/orders', headers: service },
    {
      name: 'GET /admin/orders?phone= (by member phone)',
      path: `/admin/orders?phone=${DEMO_PHONE}`,
      headers: service,
    },
    { name: 'GET /admin/chat/inbox (agent’s list)', path: '/admin/chat/inbox', headers: service },
    {
      name: 'GET /admin/chat/…/messages (agent’s history)',
      path: `/admin/chat/conversations/${history.conversation.id}/messages`,
      headers: service,
    },
    { name: 'GET /v2/chat/messages (member’s history)', path: '/v2/chat/messages', headers: memberAuth },
  ];
}

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
    const generated = await prepareBenchDatabase(location, { members, orders: size }, env.DATA_DIR);
    console.log(
      `${label}: ${generated.orders} orders (${generated.orderLines} lines), ${generated.members} members; ` +
        `this step generated in ${generated.seconds.toFixed(0)} s`,
    );
    const { server, startMs } = await startServer(env);
    try {
      login = login ? await refreshSignIn(login) : await signInBySms(DEMO_PHONE);
      const auth = { authorization: `Bearer ${login.access_token}` };
      const isLast = index === steps.length - 1;
      // Idle memory with the console and the chat loaded: each of their calls answered once, then a pause.
      const calls = isLast ? await consoleAndChatCalls(auth) : [];
      for (const call of calls) {
        const reply = await fetch(`${BASE}${call.path}`, { headers: call.headers });
        if (!reply.ok) throw new Error(`${call.path}: ${reply.status} ${await reply.text()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idleMb = rssMb(server, 'VmRSS');
      // Warm up (JIT, first plans, caches) before the measured runs.
      await load('warm-up', { url: `${BASE}${ORDER_LIST_PATH}`, headers: auth, duration: 2 });
      growth.push({
        orders: generated.orders,
        generated,
        startMs,
        oneRow: await load('GET one-row select (baseline)', { url: `${BASE}/bench/one-row` }),
        list: await load(`GET ${ORDER_LIST_PATH}`, { url: `${BASE}${ORDER_LIST_PATH}`, headers: auth }),
        page2: await load(`GET ${ORDER_PAGE_2_PATH}`, { url: `${BASE}${ORDER_PAGE_2_PATH}`, headers: auth }),
      });
      if (!isLast) continue;
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
      for (const call of calls) rows.push(await load(call.name, { url: `${BASE}${call.path}`, headers: call.headers }));
      print(`${label}, ${generated.members} members, ${generated.orders} orders`, rows, {
        startMs,
        idleMb,
        peakMb: rssMb(server, 'VmHWM'),
      });
      printGrowth(label, growth);
    } finally {
      await stopServer(server);
    }
  }
}

function print(label: string, rows: Row[], memory: Memory) {
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
  console.log(
    `server: start to first answered request ${Math.round(memory.startMs)} ms; RSS idle after start-up ` +
      `(console and chat called once) ${memory.idleMb.toFixed(0)} MB, peak ${memory.peakMb.toFixed(0)} MB`,
  );
}

function printGrowth(label: string, growth: GrowthRow[]) {
  console.log(
    `\n${label}: the demo member's order list (200 orders) as the orders table grows; page 1 as the member ` +
      'home asks for it (kept while the orders do not change), page 2 read afresh',
  );
  const ratio = (row: Row, oneRow: Row) => `${((row.requestsPerSecond / oneRow.requestsPerSecond) * 100).toFixed(0)} %`;
  console.table(
    growth.map(({ orders, generated, startMs, oneRow, list, page2 }) => ({
      orders,
      'order lines': generated.orderLines,
      'generated in s': Math.round(generated.seconds),
      'server start ms': Math.round(startMs),
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
  const exists = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  };
  if (!REUSE || !(await exists())) {
    await run(`drop database if exists ${name} with (force)`);
    await run(`create database ${name}`);
  }
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const dataDir = `.tmp/bench-data-${PORT}`;
// A reused database keeps its demo staff's second factor, encrypted with the secrets kept in dataDir.
if (!REUSE) rmSync(dataDir, { recursive: true, force: true });
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
