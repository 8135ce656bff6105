// The operator's way into a running server on the embedded database. PGlite lets only one process open its
// data directory (a second one risks corrupting it), so while `npm start` runs, `npm run ops` cannot open the
// database itself: it sends the command's argv to the server over a Unix domain socket `${DATA_DIR}/ops.sock`
// and the server runs it with its own db and clock, through the same `runOpsCommand`.
//
// Security: a Unix socket with file mode 0600, never a TCP port. Only the OS user who runs the server (and
// root) can connect, i.e. whoever could already open the data directory itself. No token is needed on top.
//
// Protocol: HTTP over the socket (node:http, nothing else), one request shape:
//   POST /ops  {"argv": ["ship", "AX…", "顺丰速运", "SF…"]}  →  {"ok": true, "lines": ["✔ …"]}
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { OpsResult } from '../platform/ops-command.ts';

/** Runs one command inside the server (`runOpsCommand` with the server's own dependencies). */
export type RunOpsCommand = (argv: string[]) => Promise<OpsResult>;

/**
 * `${dataDir}/ops.sock`, kept as given (relative when DATA_DIR is): a Unix socket path may not exceed about
 * 107 bytes, and the server and `npm run ops` both run from the repository root, like the database path.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'ops.sock');

const requestSchema = z.object({ argv: z.array(z.string().max(10_000)).max(100) });
const resultSchema = z.object({ ok: z.boolean(), lines: z.array(z.string()) });
const MAX_BODY_BYTES = 1_000_000;

/** Whether a server answers on the socket (the file a killed server left behind does not). */
export async function isServerListening(socketPath: string) {
  return existsSync(socketPath) && (await callControlSocket(socketPath, ['--help'])) !== 'not-running';
}

export type ControlSocket = { path: string; close(): Promise<void> };

/**
 * Listens on `socketPath` (mode 0600). A socket file nobody answers on (the server was killed) is removed
 * first; a live one means another server runs on this data directory, and the start stops.
 */
export async function startControlSocket(
  socketPath: string,
  run: RunOpsCommand,
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<ControlSocket> {
  if (await isServerListening(socketPath)) {
    throw new Error(`${socketPath} answers: another server is running on this DATA_DIR`);
  }
  rmSync(socketPath, { force: true });

  const server = http.createServer((request, reply) => {
    void answer(request, run, log).then(({ status, body }) => {
      reply.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      reply.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`ops control socket ${socketPath}: ${error.message}`)));
    // The socket file is created by bind(), inside this synchronous call: with umask 177 it is born 0600, so
    // there is no moment in which another user could connect.
    const previousUmask = process.umask(0o177);
    try {
      server.listen(socketPath, resolve);
    } finally {
      process.umask(previousUmask);
    }
  });

  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          // Node removes the file when the server closes; this also covers a file replaced meanwhile.
          rmSync(socketPath, { force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

async function answer(
  request: http.IncomingMessage,
  run: RunOpsCommand,
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<{ status: number; body: OpsResult }> {
  if (request.method !== 'POST' || request.url !== '/ops') {
    request.resume();
    return { status: 404, body: { ok: false, lines: ['✘ only POST /ops'] } };
  }
  let argv: string[];
  try {
    argv = requestSchema.parse(JSON.parse(await readBody(request))).argv;
  } catch {
    return { status: 400, body: { ok: false, lines: ['✘ the request must be {"argv": [string, …]}'] } };
  }
  try {
    // Logged like an HTTP request: who changed which order when is worth finding in the server's log.
    log?.info({ argv }, 'ops command');
    return { status: 200, body: await run(argv) };
  } catch (error) {
    // runOpsCommand answers the expected refusals itself (409, 404…); anything else is a fault of the server.
    log?.error({ err: error, argv }, 'ops command failed');
    return { status: 500, body: { ok: false, lines: [`✘ ${error instanceof Error ? error.message : String(error)}`] } };
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs `argv` in the server listening on `socketPath`. Answers 'not-running' only when nobody listens: no
 * socket file (ENOENT) or a file left by a server that is gone (ECONNREFUSED); the caller may then open the
 * database itself. Any other failure throws, so a live server's data directory is never opened a second time.
 */
export function callControlSocket(socketPath: string, argv: string[]): Promise<OpsResult | 'not-running'> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath, method: 'POST', path: '/ops', headers: { 'content-type': 'application/json' }, agent: false },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('error', reject);
        reply.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve(resultSchema.parse(JSON.parse(text)));
          } catch {
            reject(new Error(`${socketPath} answered ${reply.statusCode}: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve('not-running');
      else reject(new Error(`${socketPath}: ${error.message}`));
    });
    request.end(JSON.stringify({ argv }));
  });
}
