import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from './modules/account/account.module.ts';
import { createAccountClosureJob } from './modules/account-closure/account-closure.module.ts';
import { memberWithOrder } from './modules/checkout/shop-fixtures.ts';
import { createOrderService } from './modules/orders/orders.module.ts';
import { runOpsCommand } from './ops/commands.ts';
import { createFileStorage } from './platform/storage/create-storage.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    { logStream: new Writable({ write: (chunk, _e, done) => done(void lines.push(String(chunk))) }) },
  );
});
afterAll(async () => {
  await t?.close();
});

/** The order moves the tests drive directly, on the test app's database and clock. */
const orderService = () => createOrderService({ db: t.db, clock: t.clock });

type LogLine = Record<string, unknown> & { msg: string };
const logged = () => lines.map((line) => JSON.parse(line) as LogLine);
const eventsOf = (msg: string) => logged().filter((line) => line.msg === msg);

describe('business events in the log', () => {
  it('logs an order cancelled, paid, and a sign-out with ids only, never personal data or tokens', async () => {
    const cancelled = await memberWithOrder(t);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/web-gateway/v3/orders/${cancelled.order.ordersCode}/platformCancel`,
      headers: cancelled.headers,
    });
    expect(cancel.statusCode).toBe(200);

    const paid = await memberWithOrder(t);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/v2/pay',
      headers: paid.headers,
      payload: {
        userId: paid.member.id,
        orderCodes: paid.order.ordersCode,
        paySource: 'PC',
        platform: 'PC',
        paymentType: 99,
      },
    });
    const paymentId = String(pay.json().payUrl).split('/').at(-1);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/web-gateway/v2/sandbox/payments/${paymentId}/confirm`,
      headers: paid.headers,
      payload: { channel: 'alipay', outcome: 'success' },
    });
    expect(confirm.json().status).toBe('paid');

    const logout = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/logout',
      payload: { refreshToken: paid.session.refresh_token },
    });
    expect(logout.statusCode).toBe(204);

    expect(eventsOf('order moved')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 30,
          event: 'order.moved',
          orderCode: cancelled.order.ordersCode,
          memberId: cancelled.member.id,
          trigger: 'cancel',
          from: 'waitPay',
          to: 'canceled',
        }),
        expect.objectContaining({ orderCode: paid.order.ordersCode, memberId: paid.member.id, trigger: 'pay' }),
      ]),
    );
    expect(eventsOf('payment applied')).toEqual([
      expect.objectContaining({
        level: 30,
        event: 'payment.applied',
        paymentId,
        memberId: paid.member.id,
        orderCodes: [paid.order.ordersCode],
      }),
    ]);
    const [signOut] = eventsOf('session revoked');
    expect(signOut).toMatchObject({ level: 30, event: 'session.revoked', memberId: paid.member.id, reason: 'logout' });
    expect(signOut?.sessionId).toMatch(/^[0-9a-f-]{36}$/);

    const text = lines.join('');
    for (const secret of [
      paid.member.phone,
      cancelled.member.phone,
      paid.member.nickname,
      '张三',
      '13912345678',
      paid.session.access_token,
      paid.session.refresh_token,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("logs the order moves of the operator and of the automatic cancel like the shoppers' own", async () => {
    const paid = await memberWithOrder(t);
    await t.db.transaction((tx) => orderService().applyOrderEvent(tx, paid.order.ordersCode, 'pay'));
    expect((await runOpsCommand(t.opsDeps(), ['ship', paid.order.ordersCode, '顺丰速运', 'SF1'])).ok).toBe(true);
    const expired = await memberWithOrder(t);
    t.clock.advance(31 * 60_000);
    expect(
      await createOrderService({ db: t.db, clock: t.clock, log: t.app.log }).cancelExpiredOrders(),
    ).toBeGreaterThanOrEqual(1);

    expect(eventsOf('order moved')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderCode: paid.order.ordersCode, trigger: 'ship', to: 'waitReceiving' }),
        expect.objectContaining({ orderCode: expired.order.ordersCode, trigger: 'autoCancel', to: 'canceled' }),
      ]),
    );
  });

  it('logs an account closed by the job with its member id only, and the sign-ins it ended', async () => {
    const { member, session } = await t.createSignedInMember();
    const longAgo = new Date(t.clock.now().getTime() - 16 * 86_400_000);
    await t.db.update(members).set({ status: 'closing', closeRequestedAt: longAgo }).where(eq(members.id, member.id));
    await createAccountClosureJob({
      ...t.app.services,
      storage: createFileStorage(t.app.services.config),
    }).finishAccountClosures();

    expect(eventsOf('account closed')).toEqual([
      expect.objectContaining({ level: 30, event: 'account.closed', memberId: member.id }),
    ]);
    expect(eventsOf('session revoked')).toEqual(
      expect.arrayContaining([expect.objectContaining({ memberId: member.id, reason: 'account-closed' })]),
    );
    const text = lines.join('');
    for (const secret of [member.phone, member.nickname, session.access_token, session.refresh_token]) {
      expect(text).not.toContain(secret);
    }
  });
});
