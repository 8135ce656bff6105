// npm run bench:uploads: decompression bombs against the real server (issue 10). Starts the server on PGlite,
// signs a member in, measures the server's resident memory idle, sends 20 uploads at once of one kind below
// and prints the replies, the peak memory while they ran and the memory two seconds after, next to the idle
// figure; then the same on a fresh server for the next kind. The goal: every kind leaves the server within
// +100 MB of idle.
//
//   bomb        a 130 KB PNG of 4096 × 4096 16-bit RGBA (128 MB of pixels) of zeros
//   lying       a PNG whose header says 16 × 16 but whose image data inflates to 1 GB
//   largest     the largest PNG taken: 4096 × 4096 8-bit RGBA (64 MB of pixels), accepted
//
// Environment: BENCH_UPLOAD_PORT (default 8291). Not part of `npm test`: memory figures vary between machines.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { signInBySms } from './sms-sign-in.ts';

const PORT = Number(process.env.BENCH_UPLOAD_PORT ?? 8291);
const BASE = `http://127.0.0.1:${PORT}/web-gateway`;
const PARALLEL = 20;
const dataDir = `.tmp/bench-uploads-${process.pid}`;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** A PNG whose header says width × height at the bit depth and colour type, with `rawBytes` zeros as its data. */
function pngOfZeros(width: number, height: number, bitDepth: number, colorType: number, rawBytes: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rawBytes), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CAPTCHA_MODE: 'test',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240 && server.exitCode === null; i++) {
    const isUp = await fetch(`${BASE}/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (isUp) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

const rssMb = (server: ChildProcess) => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** A new member signed in by SMS through the real flow. */
async function signInNewMember(index: number) {
  const phone = `1370${String(process.pid % 10000).padStart(4, '0')}${String(index).padStart(3, '0')}`;
  const login = await signInBySms(BASE, phone);
  return `Bearer ${login.access_token}`;
}

async function upload(authorization: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  const reply = await fetch(`${BASE}/v2/upload?module=common`, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  await reply.arrayBuffer();
  return reply.status;
}

const signed = (mb: number) => `${mb < 0 ? '−' : '+'}${Math.abs(mb).toFixed(0)}`;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const kinds: [string, () => Buffer][] = [
  ['bomb', () => pngOfZeros(4096, 4096, 16, 6, 4096 * (1 + 4096 * 8))],
  ['lying', () => pngOfZeros(16, 16, 8, 0, 1024 ** 3)],
  ['largest', () => pngOfZeros(4096, 4096, 8, 6, 4096 * (1 + 4096 * 4))],
];

/** One kind on a fresh server, so each figure starts from the same idle memory. */
async function measure(name: string, bytes: Buffer) {
  const server = await startServer();
  try {
    const authorization = await signInNewMember(kinds.findIndex(([kind]) => kind === name));
    // Load the upload path once (code, zlib) so the idle figure is not taken before it.
    await upload(authorization, pngOfZeros(16, 16, 8, 0, 16 * 17));
    await settle(2000);
    const idle = rssMb(server);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server));
    }, 20);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: PARALLEL }, () => upload(authorization, bytes)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await settle(2000);
    const after = rssMb(server);
    const counts = [...new Set(statuses)]
      .map((status) => `${statuses.filter((other) => other === status).length}× ${status}`)
      .join(', ');
    console.log(
      `${name.padEnd(8)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KB × ${PARALLEL}: ${counts} in ${seconds.toFixed(1)} s; ` +
        `idle RSS ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (${signed(peak - idle)}), ` +
        `2 s after ${after.toFixed(0)} MB (${signed(after - idle)})`,
    );
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const [name, make] of kinds) await measure(name, make());
