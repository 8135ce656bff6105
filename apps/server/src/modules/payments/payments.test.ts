import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAdapter, sandboxKeyFrom } from '../../platform/payment/payment-adapters.ts';
import { createSandboxPaymentAdapter } from '../../platform/payment/sandbox-payment-adapter.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { payments } from './payments.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const pay = (headers: Headers, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/v2/pay', headers, payload: body });
const payBody = (memberId: number, ordersCode: string) => ({
  userId: memberId,
  orderCodes: ordersCode,
  paySource: 'PC',
  platform: 'PC',
  paymentType: 99,
});
const paymentIdOf = (payUrl: string) => payUrl.split('/').at(-1)!;
const cashierOf = (app: TestApp, paymentId: string, headers: Headers) =>
  app.app.inject({ method: 'GET', url: `/web-gateway/v2/sandbox/payments/${paymentId}`, headers });
const confirmOf = (app: TestApp, paymentId: string, headers: Headers, channel = 'alipay', outcome = 'success') =>
  app.app.inject({
    method: 'POST',
    url: `/web-gateway/v2/sandbox/payments/${paymentId}/confirm`,
    headers,
    payload: { channel, outcome },
  });
const cashier = (paymentId: string, headers: Headers) => cashierOf(t, paymentId, headers);
const confirm = (paymentId: string, headers: Headers, channel: string, outcome: string) =>
  confirmOf(t, paymentId, headers, channel, outcome);
const notify = (payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/v2/payments/notify/sandbox', payload });
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0]!;
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];

/** A notification as the sandbox gateway signs it (the test holds the same key as the app). */
function signedNotification(paymentId: string, amount: number, status = 'TRADE_SUCCESS') {
  const gateway = createSandboxPaymentAdapter(sandboxKeyFrom(t.app.services.secrets));
  return gateway.signNotification({
    payment_id: paymentId,
    trade_no: `SBXTEST${Math.floor(Math.random() * 1e9)}`,
    channel: 'wechat',
    total_amount: String(amount),
    trade_status: status,
    paid_at: t.clock.now().toISOString(),
    nonce: 'abcdef0123456789',
  });
}

async function startPayment() {
  const placed = await memberWithOrder(t, '1000101', 2);
  const reply = await pay(placed.headers, payBody(placed.member.id, placed.order.ordersCode));
  expect(reply.statusCode).toBe(200);
  return { ...placed, paymentId: paymentIdOf(reply.json().payUrl) };
}

describe('POST /v2/pay', () => {
  it('answers the sandbox cashier’s payUrl; paying there moves the order waitPay → waitDelivery', async () => {
    const { member, headers, order } = await memberWithOrder(t, '1000101', 2);
    const reply = await pay(headers, payBody(member.id, order.ordersCode));
    expect(reply.statusCode).toBe(200);
    const { payUrl } = reply.json();
    expect(payUrl).toMatch(/^\/sandbox\/cashier\/[0-9a-f-]{36}$/);
    const paymentId = paymentIdOf(payUrl);

    const shown = (await cashier(paymentId, headers)).json();
    expect(shown).toEqual({
      paymentId,
      amount: 4960,
      subject: `安心大药房订单 ${order.ordersCode}`,
      orderCodes: [order.ordersCode],
      status: 'pending',
      returnUrl: `/user/order/detail/${order.ordersCode}`,
    });
    const paid = await confirm(paymentId, headers, 'alipay', 'success');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'paid', returnUrl: `/user/order/detail/${order.ordersCode}` });

    const row = await orderRow(order.ordersCode);
    expect(row).toMatchObject({ orderType: 'waitDelivery', orderStatus: 30 });
    expect(row.paidAt).not.toBeNull();
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      channel: 'alipay',
      amount: 4960,
      memberId: member.id,
      orderCodes: [order.ordersCode],
    });
    const detail = await t.app.inject({ method: 'GET', url: `/web-gateway/v3/orders/${order.ordersCode}`, headers });
    expect(JSON.stringify(detail.json())).toContain('待发货');

    // The cashier cannot take it twice.
    const twice = await confirm(paymentId, headers, 'wechat', 'success');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('该支付单已处理，请勿重复支付');
    expect((await pay(headers, payBody(member.id, order.ordersCode))).statusCode).toBe(409);
  });

  it('refuses a prescription order waiting for its audit and inquiry (409), creating no payment', async () => {
    const { member, headers, order } = await memberWithOrder(t, '1000601');
    expect(order.orderType).toBe('waitAudit');
    const reply = await pay(headers, payBody(member.id, order.ordersCode));
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('请先完善处方问诊信息后再付款');
    expect(await t.db.select().from(payments).where(eq(payments.memberId, member.id))).toEqual([]);
  });

  it('refuses an order that is not waiting for payment and one past its deadline', async () => {
    const cod = await memberWithOrder(t, '1000301', 1, 1);
    const reply = await pay(cod.headers, payBody(cod.member.id, cod.order.ordersCode));
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('订单当前状态无法付款');

    const late = await memberWithOrder(t, '1000301');
    t.clock.advanceMinutes(31);
    const session = await t.signIn(late.member.id);
    const timedOut = await pay(
      { authorization: session.authorization },
      payBody(late.member.id, late.order.ordersCode),
    );
    expect(timedOut.statusCode).toBe(409);
    expect(timedOut.json().message).toBe('订单已超时，无法付款');
  });

  it('answers 404 for another member’s order, a wrong userId or an unknown code; 400 and 401 as usual', async () => {
    const owner = await memberWithOrder(t);
    const other = await t.createSignedInMember();
    expect((await pay(other.headers, payBody(other.member.id, owner.order.ordersCode))).statusCode).toBe(404);
    expect((await pay(owner.headers, payBody(other.member.id, owner.order.ordersCode))).statusCode).toBe(404);
    expect((await pay(owner.headers, payBody(owner.member.id, 'AX2026010100000000'))).statusCode).toBe(404);
    const both = `${owner.order.ordersCode},AX2026010100000000`;
    expect((await pay(owner.headers, payBody(owner.member.id, both))).statusCode).toBe(404);
    const badType = await pay(owner.headers, { ...payBody(owner.member.id, owner.order.ordersCode), paymentType: 1 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('请选择支付方式');
    const empty = await pay(owner.headers, payBody(owner.member.id, ' , '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('请选择要支付的订单');
    expect((await pay({}, payBody(owner.member.id, owner.order.ordersCode))).statusCode).toBe(401);
    expect(await t.db.select().from(payments).where(eq(payments.memberId, owner.member.id))).toEqual([]);
  });

  it('gives parallel calls for the same order one pending payment', async () => {
    const { member, headers, order } = await memberWithOrder(t);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => pay(headers, payBody(member.id, [order.ordersCode] as never))),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.json().payUrl)).size).toBe(1);
    expect(await t.db.select().from(payments).where(eq(payments.memberId, member.id))).toHaveLength(1);
  });

  it('after a failed payment, a new one can be made; the order waits meanwhile', async () => {
    const { member, headers, order, paymentId } = await startPayment();
    const failed = await confirm(paymentId, headers, 'wechat', 'fail');
    expect(failed.json()).toMatchObject({ status: 'failed' });
    expect((await orderRow(order.ordersCode)).orderType).toBe('waitPay');
    const again = await pay(headers, payBody(member.id, order.ordersCode));
    expect(paymentIdOf(again.json().payUrl)).not.toBe(paymentId);
  });
});

/** The sandbox cashier is opened by the paying member in their own browser: nobody else may read or confirm it. */
async function expectOnlyThePayerConfirms(app: TestApp) {
  const placed = await memberWithOrder(app, '1000101', 2);
  const started = await app.app.inject({
    method: 'POST',
    url: '/web-gateway/v2/pay',
    headers: placed.headers,
    payload: payBody(placed.member.id, placed.order.ordersCode),
  });
  const paymentId = paymentIdOf(started.json().payUrl);
  const other = await app.createSignedInMember();
  const orderOf = async () =>
    (await app.db.select().from(orders).where(eq(orders.ordersCode, placed.order.ordersCode)))[0]!;
  const before = await orderOf();

  for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }] as Headers[]) {
    expect((await confirmOf(app, paymentId, headers)).statusCode).toBe(401);
    expect((await cashierOf(app, paymentId, headers)).statusCode).toBe(401);
  }
  expect((await confirmOf(app, paymentId, other.headers)).statusCode).toBe(404);
  expect((await cashierOf(app, paymentId, other.headers)).statusCode).toBe(404);
  expect(await orderOf()).toEqual(before);
  expect((await app.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.status).toBe('pending');

  const paid = await confirmOf(app, paymentId, placed.headers);
  expect(paid.statusCode).toBe(200);
  expect((await orderOf()).orderType).toBe('waitDelivery');
}

describe('sandbox cashier', () => {
  it('lets only the paying member read and confirm the payment; anyone else changes nothing', async () => {
    await expectOnlyThePayerConfirms(t);
  });

  it('checks the payer in production too (ALLOW_SANDBOX_IN_PRODUCTION=1)', async () => {
    const production = await buildTestApp({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_IN_PRODUCTION: '1',
      CAPTCHA_MODE: 'slider',
      JWT_SECRET: 'p'.repeat(32),
      FIELD_ENCRYPTION_KEY: 'b'.repeat(64),
    });
    try {
      expect(production.app.services.config.isProduction).toBe(true);
      await expectOnlyThePayerConfirms(production);
    } finally {
      await production.close();
    }
  });
});

describe('POST /v2/payments/notify/sandbox', () => {
  it('applies a notification exactly once: a replay answers success and changes nothing', async () => {
    const { order, paymentId } = await startPayment();
    const notification = signedNotification(paymentId, 4960);
    const first = await notify(notification);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('success');
    const afterFirst = await orderRow(order.ordersCode);
    const paymentAfterFirst = await paymentRow(paymentId);
    expect(afterFirst.orderType).toBe('waitDelivery');

    t.clock.advanceMinutes(1);
    const replays = await Promise.all([notify(notification), notify(signedNotification(paymentId, 4960))]);
    for (const replay of replays) {
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe('success');
    }
    const afterReplay = await orderRow(order.ordersCode);
    expect(afterReplay.version).toBe(afterFirst.version);
    expect(afterReplay.paidAt).toEqual(afterFirst.paidAt);
    expect(await paymentRow(paymentId)).toEqual(paymentAfterFirst);
  });

  it('applies parallel deliveries of one notification once', async () => {
    const { order, paymentId } = await startPayment();
    const before = await orderRow(order.ordersCode);
    const notification = signedNotification(paymentId, 4960);
    const replies = await Promise.all([notify(notification), notify(notification), notify(notification)]);
    expect(replies.map((reply) => reply.body)).toEqual(['success', 'success', 'success']);
    expect((await orderRow(order.ordersCode)).version).toBe(before.version + 1);
  });

  it('refuses a tampered signature or amount (400) and changes nothing', async () => {
    const { order, paymentId } = await startPayment();
    const before = await orderRow(order.ordersCode);
    const genuine = signedNotification(paymentId, 4960);

    const cheaper = await notify({ ...genuine, total_amount: '1' });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toBe('支付通知签名校验失败');
    const forged = await notify({ ...genuine, sign: genuine.sign!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) });
    expect(forged.statusCode).toBe(400);
    const wrongKey = createSandboxPaymentAdapter(Buffer.alloc(32, 7)).signNotification({
      ...genuine,
    } as never);
    expect((await notify(wrongKey)).statusCode).toBe(400);
    const unsigned = { ...genuine };
    delete unsigned.sign;
    expect((await notify(unsigned)).statusCode).toBe(400);

    const wrongAmount = await notify(signedNotification(paymentId, 1));
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().message).toBe('支付金额与订单金额不符');
    const unknown = await notify(signedNotification('00000000-0000-4000-8000-000000000000', 4960));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('支付单不存在');

    expect(await orderRow(order.ordersCode)).toEqual(before);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending', notifyPayload: null, channel: null });
    // The genuine one still works afterwards.
    expect((await notify(genuine)).body).toBe('success');
    expect((await orderRow(order.ordersCode)).orderType).toBe('waitDelivery');
  });

  it('keeps money for an order cancelled meanwhile as orphaned, leaving the order cancelled', async () => {
    const { headers, order, paymentId } = await startPayment();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/web-gateway/v3/orders/${order.ordersCode}/platformCancel`,
      headers,
    });
    expect(cancel.statusCode).toBe(200);
    const reply = await notify(signedNotification(paymentId, 4960));
    expect(reply.body).toBe('success');
    expect((await orderRow(order.ordersCode)).orderType).toBe('canceled');
    expect((await paymentRow(paymentId))?.status).toBe('orphaned');
  });

  it('lets a payment and a cancel racing on one order not both succeed', async () => {
    const { headers, order, paymentId } = await startPayment();
    const [paid, cancel] = await Promise.all([
      notify(signedNotification(paymentId, 4960)),
      t.app.inject({ method: 'PUT', url: `/web-gateway/v3/orders/${order.ordersCode}/platformCancel`, headers }),
    ]);
    expect(paid.body).toBe('success');
    const row = await orderRow(order.ordersCode);
    const payment = await paymentRow(paymentId);
    if (cancel.statusCode === 200) {
      expect(row.orderType).toBe('canceled');
      expect(payment?.status).toBe('orphaned');
    } else {
      expect(cancel.statusCode).toBe(409);
      expect(row.orderType).toBe('waitDelivery');
      expect(payment?.status).toBe('paid');
    }
  });
});

describe('payment adapter configuration', () => {
  it('refuses the sandbox in production unless ALLOW_SANDBOX_IN_PRODUCTION=1', () => {
    const { config, secrets } = t.app.services;
    expect(() =>
      createPaymentAdapter({ ...config, isProduction: true, ALLOW_SANDBOX_IN_PRODUCTION: '0' }, secrets),
    ).toThrow(/ALLOW_SANDBOX_IN_PRODUCTION/);
    expect(
      createPaymentAdapter({ ...config, isProduction: true, ALLOW_SANDBOX_IN_PRODUCTION: '1' }, secrets).provider,
    ).toBe('sandbox');
  });
});
