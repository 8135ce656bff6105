import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithOrder } from '../modules/checkout/shop-fixtures.ts';
import { orders } from '../modules/orders/orders.module.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { runOpsCommand } from './commands.ts';
import { callControlSocket, controlSocketPath, startControlSocket } from './control-socket.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  // Short, under the OS temp dir: a Unix socket path may not exceed about 107 bytes.
  dataDir = mkdtempSync(join(tmpdir(), 'anxin-ops-'));
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const deps = () => t.opsDeps();
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0]!;

/** A socket file whose server is gone: a process that listened on it was killed, so nothing removed the file. */
async function leaveStaleSocket(path: string) {
  const child = spawn(process.execPath, [
    '-e',
    `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`,
  ]);
  await new Promise((resolve) => child.once('exit', resolve));
  expect(statSync(path).isSocket()).toBe(true);
}

/** A raw request on the socket, for the shapes the client never sends. */
function rawRequest(path: string, method: string, url: string, body: string) {
  return new Promise<{ status: number; body: { ok: boolean; lines: string[] } }>((resolve, reject) => {
    const request = http.request({ socketPath: path, method, path: url, agent: false }, (reply) => {
      let text = '';
      reply.on('data', (chunk) => {
        text += chunk;
      });
      reply.on('end', () => resolve({ status: reply.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('the ops control socket', () => {
  it('runs a command sent by the client in the server process, on its database, and closes cleanly', async () => {
    const path = controlSocketPath(join(dataDir, 'live'));
    mkdirSync(join(dataDir, 'live'));
    const socket = await startControlSocket(path, (argv) => runOpsCommand(deps(), argv));
    try {
      // Only the server's own OS user may connect.
      expect(statSync(path).mode & 0o777).toBe(0o600);

      // A cash-on-delivery order waits for delivery: ship it through the socket, then read it back.
      const { member, order } = await memberWithOrder(t, '1000101', 1, 1);
      // The server's clock, not the caller's: moved two days ahead, the shipping time follows it.
      t.clock.advanceMinutes(2 * 24 * 60);
      const sentAt = t.clock.now();
      const shipped = await callControlSocket(path, ['ship', order.ordersCode, '顺丰速运', 'SF7001']);
      expect(shipped).toEqual({
        ok: true,
        lines: [`✔ ${order.ordersCode} 已发货 shipped by 顺丰速运 SF7001 → 待收货 (waitReceiving)`],
      });
      const row = await orderRow(order.ordersCode);
      expect(row.orderType).toBe('waitReceiving');
      expect(row.shippingTime!.getTime()).toBeGreaterThanOrEqual(sentAt.getTime());
      expect(row.shippingTime!.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
      const listed = await callControlSocket(path, ['list', member.phone!]);
      expect(listed).toMatchObject({ ok: true, lines: [expect.stringContaining('待收货')] });

      // A refusal comes back as the command's own answer, and changes nothing.
      const before = await orderRow(order.ordersCode);
      expect(await callControlSocket(path, ['ship', order.ordersCode, '顺丰速运', 'SF7002'])).toEqual({
        ok: false,
        lines: ['✘ 当前订单状态不支持该操作 (409)'],
      });
      expect(await orderRow(order.ordersCode)).toEqual(before);
      expect(await callControlSocket(path, ['launch'])).toMatchObject({ ok: false });

      // Only the one request shape is run.
      expect((await rawRequest(path, 'POST', '/ops', '{"argv":"ship"}')).status).toBe(400);
      expect((await rawRequest(path, 'POST', '/ops', 'not json')).status).toBe(400);
      expect((await rawRequest(path, 'GET', '/ops', '')).status).toBe(404);

      // A second server on the same data directory does not take the socket over.
      await expect(startControlSocket(path, (argv) => runOpsCommand(deps(), argv))).rejects.toThrow(
        'another server is running',
      );
    } finally {
      await socket.close();
    }
    expect(existsSync(path)).toBe(false);
    expect(await callControlSocket(path, ['list'])).toBe('not-running');
  });

  it('treats a socket file nobody answers on as no server, and the next server replaces it', async () => {
    const path = controlSocketPath(dataDir);
    await leaveStaleSocket(path);
    expect(await callControlSocket(path, ['list'])).toBe('not-running');

    const socket = await startControlSocket(path, (argv) => runOpsCommand(deps(), argv));
    try {
      const { order } = await memberWithOrder(t, '1000102', 1, 1);
      expect(await callControlSocket(path, ['ship', order.ordersCode, '中通快递', 'ZT1'])).toMatchObject({ ok: true });
      expect((await orderRow(order.ordersCode)).orderType).toBe('waitReceiving');
    } finally {
      await socket.close();
    }
  });

  it('treats a leftover plain file as no server too', async () => {
    const path = join(dataDir, 'plain.sock');
    writeFileSync(path, '');
    expect(await callControlSocket(path, ['list'])).toBe('not-running');
    const socket = await startControlSocket(path, (argv) => runOpsCommand(deps(), argv));
    expect(statSync(path).isSocket()).toBe(true);
    await socket.close();
  });
});
