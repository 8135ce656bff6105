// npm run bench: starts the real server (PGlite; and PostgreSQL too when BENCH_DATABASE_URL is set), loads it
// over loopback with autocannon and prints req/s, p99 and the server's peak RSS for the member calls next to a
// hello-world route and a one-row select route measured in the same run, as ratios.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PORT = 8290;
const BASE = `http://127.0.0.1:${PORT}/web-gateway`;
const DEMO_PHONE = '13800138000';

type Row = { name: string; requestsPerSecond: number; p99: number; errors: number };

async function startServer(env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
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

const peakRssMb = (server: ChildProcess) => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

type LoginResult = { access_token: string; refresh_token: string };

async function post<T = Record<string, string & number>>(path: string, body: object): Promise<T> {
  const reply = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (reply.status === 204 ? undefined : await reply.json()) as T;
}

/** Signs a member in by SMS through the real flow (CAPTCHA_MODE=test gives the slider answer). */
async function signInBySms(phone: string) {
  const { ticket } = await post('/v2/captcha/sms/tickets', { phoneNum: phone });
  const challenge = await post('/v2/captcha/slider/challenges', { phoneNum: phone, ticket });
  const { validCode } = await post('/v2/captcha/slider/verifications', {
    challengeId: challenge.challengeId,
    x: challenge.answerX,
    durationMs: 800,
  });
  await post('/v2/captcha/sms/v3/captchas/new', { phoneNum: phone, ticket, validCode });
  const [message] = (await (await fetch(`${BASE}/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }[];
  const login = await post<LoginResult>('/passport/account/smsLogin/v2', { phoneNum: phone, smsCode: message.code });
  if (!login.refresh_token) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
  return login;
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

async function benchDatabase(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const login = await signInBySms(DEMO_PHONE);
    const auth = { authorization: `Bearer ${login.access_token}` };
    const rows = [
      await load('GET hello-world (baseline)', { url: `${BASE}/bench/hello` }),
      await load('GET one-row select (baseline)', { url: `${BASE}/bench/one-row` }),
      await load('GET /v2/member/vo', { url: `${BASE}/v2/member/vo`, headers: auth }),
      await loadRefresh(),
    ];
    print(label, rows, peakRssMb(server));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

function print(label: string, rows: Row[], rssMb: number) {
  const [hello, oneRow] = rows;
  console.log(`\n${label}: ${CONNECTIONS} connections × ${DURATION_SECONDS} s each, loopback`);
  console.table(
    rows.map((row) => ({
      call: row.name,
      'req/s': Math.round(row.requestsPerSecond),
      'p99 ms': row.p99,
      'vs hello': `${((row.requestsPerSecond / hello.requestsPerSecond) * 100).toFixed(0)} %`,
      'vs one-row': `${((row.requestsPerSecond / oneRow.requestsPerSecond) * 100).toFixed(0)} %`,
      errors: row.errors,
    })),
  );
  console.log(`server peak RSS: ${rssMb.toFixed(0)} MB`);
}

const dataDir = '.tmp/bench-data';
rmSync(dataDir, { recursive: true, force: true });
await benchDatabase('PGlite (embedded)', { DATA_DIR: dataDir });
if (process.env.BENCH_DATABASE_URL)
  await benchDatabase('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL });
