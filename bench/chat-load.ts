// npm run bench:chat (and the chat step of npm run bench): the online-service chat under load (docs/CHAT.md,
// "Under load"). 2,000 WebSocket connections (1,950 members and 50 agents by default) to the real server,
// messages at a steady rate, half asked by members over their sockets and half answered by agents over HTTP,
// each delivered to the other side's socket. Prints delivered messages per second, p50/p99 delivery latency
// (from the sender's send to the recipient's frame, both in this process), lost and duplicated messages, and
// each server's RSS. Three setups: PGlite (one process), PostgreSQL (one process), and two server processes on
// one PostgreSQL with the connections spread over both (with an even number of agents, each member's agent is
// on the other process, so every message crosses LISTEN/NOTIFY).
//
// Members and agents are signed in the cheap legitimate way: before the servers start, the bench adds members
// and staff accounts to its database and starts their sign-ins with the server's own token services (sessions
// and access tokens as an SMS or console sign-in makes them); each then opens the chat window
// (POST /v2/chat/token, POST /admin/chat/token) over HTTP as the pages do. The per-member send limit (20 a
// minute) stays as it is: sends go round the members, so each sends a few a minute. No call here is counted per
// address, so one loopback address serves every connection.
//
// Environment:
//   BENCH_DATABASE_URL       a PostgreSQL server: the bench creates (and drops) its own database anxin_bench_chat
//                            there for the PostgreSQL setups; without it only PGlite runs
//   BENCH_PGLITE=0           skip PGlite
//   BENCH_CHAT_MEMBERS       default 1950;  BENCH_CHAT_AGENTS  default 50
//   BENCH_CHAT_RATE          messages a second, default 500;  BENCH_CHAT_SECONDS  default 20
//   BENCH_CHAT_PORT          the first server's port, default 8291 (the second takes the next)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import type { Config } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { createSessionCache } from '../apps/server/src/modules/auth/session-cache.ts';
import { createTokenService } from '../apps/server/src/modules/auth/tokens.service.ts';
import { createStaffTokens, staff } from '../apps/server/src/modules/staff/staff.module.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { hashPassword } from '../apps/server/src/platform/password.ts';
import { createFileStorage } from '../apps/server/src/platform/storage/create-storage.ts';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';

const MEMBERS = Number(process.env.BENCH_CHAT_MEMBERS ?? 1950);
const AGENTS = Number(process.env.BENCH_CHAT_AGENTS ?? 50);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
const FIRST_PORT = Number(process.env.BENCH_CHAT_PORT ?? 8291);
/** Bench members have phones 171xxxxxxxx (the order bench's are 170…). */
const PHONE_FROM = 17100000000;
/** After sending, the bench waits for the last messages until none has come for this long. */
const DRAIN_MS = 10_000;
/** Parallel HTTP calls while opening windows and taking conversations. */
const SETUP_CONCURRENCY = 16;

type Location = { dataDir: string } | { databaseUrl: string };
type Parties = { memberTokens: string[]; agentTokens: string[] };
type Server = { process: ChildProcess; base: string; socketBase: string };

/** The bench's own secrets, given to its servers: the tokens signed here are theirs. */
const JWT_SECRET = randomBytes(32).toString('hex');
const FIELD_KEY = randomBytes(32).toString('hex');
const secrets = { jwtSecret: new TextEncoder().encode(JWT_SECRET), fieldKey: Buffer.from(FIELD_KEY, 'hex') };

/** Members and service agents, each signed in once by the server's token services (before the servers start). */
async function seedParties(location: Location, dataDir: string): Promise<Parties> {
  if ('dataDir' in location) mkdirSync(dirname(location.dataDir), { recursive: true });
  const database = await openDatabase(location);
  try {
    const { db } = database;
    await migrateDatabase(database);
    await seedDemoData(db, systemClock, createFileStorage({ DATA_DIR: dataDir }), secrets);
    const now = new Date();
    const members = await queryRows<{ id: number | string }>(
      db,
      sql`insert into members (phone, nickname, member_name, sex, created_at, updated_at)
          select (${PHONE_FROM}::bigint + g)::text, '压测会员' || g, '压测会员' || g, 0, ${now}, ${now}
          from generate_series(1, ${MEMBERS}) g
          returning id`,
    );
    const passwordHash = await hashPassword(randomUUID());
    const agents = await db
      .insert(staff)
      .values(
        Array.from({ length: AGENTS }, (_, i) => ({
          loginName: `bench_agent_${i + 1}`,
          displayName: `压测客服${i + 1}`,
          passwordHash,
          roles: ['service'],
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: staff.id });
    const tokens = createTokenService(
      db,
      systemClock,
      { jwtSecret: secrets.jwtSecret, accessTtlSeconds: 3600, refreshTtlDays: 1 },
      { sessionCache: createSessionCache(), log: { info: () => undefined } },
    );
    const staffTokens = createStaffTokens({
      db,
      clock: systemClock,
      secrets,
      config: { STAFF_TOKEN_TTL_SECONDS: 3600 } as Config,
    });
    const memberTokens: string[] = [];
    const agentTokens: string[] = [];
    await db.transaction(async (tx) => {
      for (const member of members)
        memberTokens.push((await tokens.signIn({ memberId: Number(member.id), method: 'sms' }, tx)).access_token);
      for (const agent of agents)
        agentTokens.push((await staffTokens.issue(tx, agent.id, { ip: '127.0.0.1' })).access_token);
    });
    return { memberTokens, agentTokens };
  } finally {
    await database.close();
  }
}

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const base = `http://127.0.0.1:${port}/web-gateway`;
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      FIELD_ENCRYPTION_KEY: FIELD_KEY,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240 && server.exitCode === null; i++) {
    const isUp = await fetch(`${base}/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (isUp) return { process: server, base, socketBase: base.replace('http:', 'ws:') };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

async function stopServer(server: Server) {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** Current and peak resident memory of a server process, in MB. */
function rssOf(server: Server) {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function postJson<T>(url: string, token: string, body?: object): Promise<{ status: number; body: T }> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await reply.text();
  return { status: reply.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Runs `task` for every item, `concurrency` at a time. */
async function eachLimited<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
}

type Frame = {
  type: string;
  message?: { clientId: string; conversationId: number; sender: string };
  /** An error frame's: the message it refuses, and why. */
  clientId?: string | null;
  code?: string;
};

/** What the recipients got: per client id, when it arrived and how often. */
class Deliveries {
  readonly sentAt = new Map<string, number>();
  readonly latencies: number[] = [];
  readonly seen = new Map<string, number>();
  duplicates = 0;
  failed = 0;

  received(clientId: string) {
    const sentAt = this.sentAt.get(clientId);
    if (sentAt === undefined) return;
    const count = (this.seen.get(clientId) ?? 0) + 1;
    this.seen.set(clientId, count);
    if (count > 1) this.duplicates++;
    else this.latencies.push(performance.now() - sentAt);
  }
  get delivered() {
    return this.latencies.length;
  }
}

function openSocket(url: string, onFrame: (frame: Frame) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('message', (data) => onFrame(JSON.parse(data.toString()) as Frame));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

type Result = {
  setup: string;
  sent: number;
  delivered: number;
  perSecond: number;
  p50: number;
  p99: number;
  lost: number;
  duplicates: number;
  refused: number;
  rss: string;
};

/** One setup: seeds the parties, starts `processes` servers, runs the load, stops the servers. */
async function benchSetup(label: string, location: Location, env: Record<string, string>, processes: number) {
  const dataDir = env.DATA_DIR as string;
  const began = performance.now();
  const step = (what: string) =>
    console.log(`${label}: ${what} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  const parties = await seedParties(location, dataDir);
  step('members and agents signed in');
  const servers: Server[] = [];
  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < processes; i++) servers.push(await startServer(FIRST_PORT + i, env));
    step(`${processes} server process(es) started`);
    const serverOf = (index: number) => servers[index % servers.length] as Server;
    const deliveries = new Deliveries();
    const conversationOf = new Map<number, number>();
    const memberOfClientId = new Map<string, number>();

    // The windows open (a chat token each) and their sockets connect, spread over the servers.
    const memberSockets: WebSocket[] = new Array(MEMBERS);
    await eachLimited(parties.memberTokens, SETUP_CONCURRENCY, async (accessToken, index) => {
      const server = serverOf(index);
      const window = await postJson<{ token: string }>(`${server.base}/v2/chat/token`, accessToken, {
        pageUrl: '/bench/chat',
      });
      if (window.status !== 200) throw new Error(`chat token: ${window.status} ${JSON.stringify(window.body)}`);
      const socket = await openSocket(
        `${server.socketBase}/v2/chat/socket?token=${encodeURIComponent(window.body.token)}`,
        (frame) => {
          const message = frame.message;
          // A first question refused while the server is busy is sent again, as the window offers; any other
          // refused message (the send limit, the server busy under the steady load) counts as refused, not lost.
          if (frame.type === 'error') {
            const clientId = frame.clientId ?? '';
            if (clientId.startsWith('open-') && frame.code === 'TOO_MANY_REQUESTS') {
              setTimeout(() => sendAsMember(index, clientId), 200);
              return;
            }
            deliveries.failed++;
            if (frame.code !== 'TOO_MANY_REQUESTS') console.warn(`${label}: refused: ${JSON.stringify(frame)}`);
          }
          if (frame.type !== 'message' || !message) return;
          if (message.sender === 'member') {
            if (memberOfClientId.get(message.clientId) === index) conversationOf.set(index, message.conversationId);
          } else deliveries.received(message.clientId);
        },
      );
      memberSockets[index] = socket;
      sockets.push(socket);
    });
    await eachLimited(parties.agentTokens, SETUP_CONCURRENCY, async (staffToken, index) => {
      const server = serverOf(index + 1);
      const agentToken = await postJson<{ token: string }>(`${server.base}/admin/chat/token`, staffToken);
      if (agentToken.status !== 200) throw new Error(`agent token: ${agentToken.status}`);
      const socket = await openSocket(
        `${server.socketBase}/admin/chat/socket?token=${encodeURIComponent(agentToken.body.token)}`,
        (frame) => {
          if (frame.type === 'message' && frame.message?.sender === 'member')
            deliveries.received(frame.message.clientId);
        },
      );
      sockets.push(socket);
    });

    step('windows opened, sockets connected');
    // Each member asks a first question; the agents take the conversations, 39 each.
    const sendAsMember = (member: number, clientId: string) => {
      memberOfClientId.set(clientId, member);
      memberSockets[member]?.send(
        JSON.stringify({
          type: 'send',
          message: { clientId, kind: 'text', text: `您好，我想咨询一下用药问题 ${clientId}` },
        }),
      );
    };
    for (let member = 0; member < MEMBERS; member++) {
      sendAsMember(member, `open-${member}-${randomUUID()}`);
      if (member % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let i = 0; i < 600 && conversationOf.size < MEMBERS; i++) await new Promise((r) => setTimeout(r, 100));
    if (conversationOf.size < MEMBERS) {
      const missing = [...Array(MEMBERS).keys()].filter((member) => !conversationOf.has(member));
      const states = missing.map((member) => memberSockets[member]?.readyState);
      throw new Error(`only ${conversationOf.size} conversations started; socket states of the rest: ${states}`);
    }
    const members = [...Array(MEMBERS).keys()];
    await eachLimited(members, SETUP_CONCURRENCY, async (member) => {
      const agent = member % AGENTS;
      const taken = await postJson(
        `${serverOf(agent + 1).base}/admin/chat/conversations/${conversationOf.get(member)}/take`,
        parties.agentTokens[agent] as string,
      );
      if (taken.status !== 200) throw new Error(`take: ${taken.status} ${JSON.stringify(taken.body)}`);
    });
    step('conversations started and taken');
    await new Promise((resolve) => setTimeout(resolve, 2000));

    // The steady part: every 10 ms the messages due so far, alternately a member's question (socket) and an
    // agent's answer (HTTP), each to the next conversation in turn.
    const started = performance.now();
    let sent = 0;
    const answers: Promise<void>[] = [];
    while (performance.now() - started < SECONDS * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      for (; sent < due; sent++) {
        const member = Math.floor(sent / 2) % MEMBERS;
        const clientId = `m${sent}-${randomUUID()}`;
        deliveries.sentAt.set(clientId, performance.now());
        if (sent % 2 === 0) {
          sendAsMember(member, clientId);
          continue;
        }
        const agent = member % AGENTS;
        answers.push(
          postJson(
            `${serverOf(agent + 1).base}/admin/chat/conversations/${conversationOf.get(member)}/messages`,
            parties.agentTokens[agent] as string,
            { clientId, text: `您好，这个药饭后服用 ${clientId}` },
          ).then(
            (reply) => {
              if (reply.status !== 201) deliveries.failed++;
            },
            // A server too busy to take the connection (PGlite at 500 a second): refused, the run goes on.
            () => {
              deliveries.failed++;
            },
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.all(answers);
    // Lost: not there once nothing more has come for DRAIN_MS (a server behind on its work still delivers).
    let lastCount = -1;
    let quietSince = performance.now();
    while (deliveries.delivered < sent - deliveries.failed && performance.now() - quietSince < DRAIN_MS) {
      if (deliveries.delivered !== lastCount) [lastCount, quietSince] = [deliveries.delivered, performance.now()];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const latencies = [...deliveries.latencies].sort((a, b) => a - b);
    const lastArrival = Math.max(sendSeconds, (performance.now() - started) / 1000);
    const result: Result = {
      setup: label,
      sent,
      delivered: deliveries.delivered,
      perSecond: deliveries.delivered / (deliveries.delivered >= sent ? sendSeconds : lastArrival),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      lost: sent - deliveries.failed - deliveries.delivered,
      duplicates: deliveries.duplicates,
      refused: deliveries.failed,
      rss: servers
        .map((server) => {
          const { rss, peak } = rssOf(server);
          return `${rss.toFixed(0)} (peak ${peak.toFixed(0)})`;
        })
        .join(' / '),
    };
    return result;
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const server of servers) await stopServer(server);
  }
}

/** A fresh database of our own on the bench's PostgreSQL server, so the tests' databases stay untouched. */
async function withBenchDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = 'anxin_bench_chat';
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  try {
    return await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Every setup the environment allows, one after the other; prints the table. */
async function benchChat() {
  const dataDir = '.tmp/bench-chat-data';
  const results: Result[] = [];
  const connections = `${MEMBERS + AGENTS} connections (${MEMBERS} members, ${AGENTS} agents)`;
  console.log(`\nchat under load: ${connections}, ${RATE} messages/s for ${SECONDS} s`);
  try {
    if (process.env.BENCH_PGLITE !== '0') {
      rmSync(dataDir, { recursive: true, force: true });
      results.push(await benchSetup('PGlite, 1 process', { dataDir: `${dataDir}/pglite` }, { DATA_DIR: dataDir }, 1));
      console.log(results.at(-1));
    }
    const serverUrl = process.env.BENCH_DATABASE_URL;
    if (serverUrl) {
      for (const processes of [1, 2]) {
        rmSync(dataDir, { recursive: true, force: true });
        const label = `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`;
        results.push(
          await withBenchDatabase(serverUrl, (url) =>
            benchSetup(label, { databaseUrl: url }, { DATA_DIR: dataDir, DATABASE_URL: url }, processes),
          ),
        );
        console.log(results.at(-1));
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nchat under load: ${connections}, ${RATE} messages/s for ${SECONDS} s, half questions, half answers`);
  console.table(
    results.map((row) => ({
      setup: row.setup,
      sent: row.sent,
      'delivered/s': Math.round(row.perSecond),
      'p50 ms': Number(row.p50.toFixed(1)),
      'p99 ms': Number(row.p99.toFixed(1)),
      lost: row.lost,
      duplicated: row.duplicates,
      refused: row.refused,
      'RSS MB (each server)': row.rss,
    })),
  );
}

await benchChat();
