import { randomUUID } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { givenDiseases, givenPatient, inquiryBody } from '../inquiry/inquiry.fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { payments, refunds } from './payments.schema.ts';

// Refunds through the payment module (docs/CONSOLE.md 退款, docs/PRESCRIPTIONS.md): an order that goes to 退款中
// after it was paid online gets one refund row of its paid sum in that move's transaction; after the commit the
// sandbox gateway gives the money back and the order moves to 退款完成. A refused refund stays failed, and the
// console's 退款 sends it again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await givenDiseases(t);
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway';
const post = (headers: Headers, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload });
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0]!;
const refundsOf = (code: string) => t.db.select().from(refunds).where(eq(refunds.ordersCode, code));
/** The refund runs after the act's commit: wait for the order to get where it goes. */
const orderBecomes = (code: string, orderType: string) =>
  vi.waitFor(async () => expect((await orderRow(code)).orderType).toBe(orderType), { timeout: 10_000 });
const refundBecomes = (code: string, status: string) =>
  vi.waitFor(async () => expect((await refundsOf(code))[0]?.status).toBe(status), { timeout: 10_000 });

/** Pays the member's order at the sandbox cashier; answers the payment id. */
async function payAtCashier(memberId: number, headers: Headers, ordersCode: string) {
  const started = await post(headers, '/v2/pay', {
    userId: memberId,
    orderCodes: ordersCode,
    paySource: 'PC',
    platform: 'PC',
    paymentType: 99,
  });
  expect(started.statusCode, started.body).toBe(200);
  const paymentId = started.json().payUrl.split('/').at(-1) as string;
  const paid = await post(headers, `/v2/sandbox/payments/${paymentId}/confirm`, {
    channel: 'alipay',
    outcome: 'success',
  });
  expect(paid.json().status).toBe('paid');
  return paymentId;
}

/** A prescription order with its inquiry submitted and paid online: it waits for the pharmacist, paid. */
async function paidRxOrder() {
  const placed = await memberWithOrder(t, '1000401');
  const patient = await givenPatient(t, placed.member.id);
  const submitted = await post(
    placed.headers,
    `/v2/orders/inquiry/perfect/${placed.order.ordersCode}`,
    inquiryBody(patient.id, '1000401', ['I10']),
  );
  expect(submitted.statusCode, submitted.body).toBe(200);
  const paymentId = await payAtCashier(placed.member.id, placed.headers, placed.order.ordersCode);
  return { ...placed, paymentId };
}

/** An ordinary order paid online: it waits for shipping. */
async function paidOrder() {
  const placed = await memberWithOrder(t, '1000101', 2);
  const paymentId = await payAtCashier(placed.member.id, placed.headers, placed.order.ordersCode);
  return { ...placed, paymentId };
}

describe('a rejected paid prescription order', () => {
  it('is refunded through the gateway: one refund of the paid sum, 退款完成 for the member, the answer logged', async () => {
    const { order, paymentId, headers: memberHeaders } = await paidRxOrder();
    const { staff, headers } = await t.signedInStaff(['pharmacist']);
    const reply = await post(headers, `/admin/inquiries/${order.ordersCode}/audit`, {
      verdict: 'reject',
      reason: '存在用药禁忌',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().orderType).toBe('refundOrder');

    await orderBecomes(order.ordersCode, 'refundCompleteTransaction');
    const rows = await refundsOf(order.ordersCode);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paymentId,
      amount: order.sum,
      status: 'succeeded',
      attempts: 1,
      gatewayRefundNo: expect.stringMatching(/^SBR/),
      failure: null,
    });
    const member = await t.app.inject({
      method: 'GET',
      url: `${API}/v3/orders/${order.ordersCode}`,
      headers: memberHeaders,
    });
    expect(member.json()).toMatchObject({ orderType: 'refundCompleteTransaction' });
    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.objectId, order.ordersCode), eq(staffAuditLog.action, 'order.refundGateway')));
    expect(entry).toMatchObject({
      staffId: staff.id,
      after: { status: 'succeeded', amount: order.sum, refundNo: rows[0]!.gatewayRefundNo },
    });
  });

  it('calls no gateway for an unpaid order (cancelled) nor for cash on delivery (staff completes it)', async () => {
    const unpaid = await memberWithOrder(t, '1000401');
    const patient = await givenPatient(t, unpaid.member.id);
    await post(
      unpaid.headers,
      `/v2/orders/inquiry/perfect/${unpaid.order.ordersCode}`,
      inquiryBody(patient.id, '1000401', ['I10']),
    );
    await runOpsCommand(t.opsDeps(), [
      'audit',
      unpaid.order.ordersCode,
      'reject',
      '--pharmacist',
      '王药师',
      '--reason',
      '存在用药禁忌',
    ]);
    expect((await orderRow(unpaid.order.ordersCode)).orderType).toBe('canceled');
    expect(await refundsOf(unpaid.order.ordersCode)).toEqual([]);

    const cod = await memberWithOrder(t, '1000101', 1, PAYMENT_TYPE.cashOnDelivery);
    const { headers } = await t.signedInStaff(['warehouse']);
    await post(headers, `/admin/orders/${cod.order.ordersCode}/ship`, { carrier: '顺丰速运', waybill: 'SF1234567' });
    await post(headers, `/admin/orders/${cod.order.ordersCode}/deliver`);
    const service = await t.signedInStaff(['service']);
    const started = await post(service.headers, `/admin/orders/${cod.order.ordersCode}/refund`);
    expect(started.json()).toMatchObject({ orderType: 'refundOrder', actions: ['refundComplete'] });
    expect(await refundsOf(cod.order.ordersCode)).toEqual([]);
    const done = await post(service.headers, `/admin/orders/${cod.order.ordersCode}/refund`, { complete: true });
    expect(done.json().orderType).toBe('refundCompleteTransaction');
  });
});

describe('the console’s 退款 of an order paid online', () => {
  it('gives the money back once, however many ask at the same time', async () => {
    const { order } = await paidOrder();
    const service = await t.signedInStaff(['service']);
    const admin = await t.signedInStaff(['admin']);
    const replies = await Promise.all([
      post(service.headers, `/admin/orders/${order.ordersCode}/refund`),
      post(admin.headers, `/admin/orders/${order.ordersCode}/refund`),
      post(service.headers, `/admin/orders/${order.ordersCode}/refund`),
    ]);
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    for (const reply of replies.filter((each) => each.statusCode !== 200)) expect(reply.statusCode).toBe(409);
    await orderBecomes(order.ordersCode, 'refundCompleteTransaction');
    const rows = await refundsOf(order.ordersCode);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: order.sum, status: 'succeeded', attempts: 1 });
  });

  it('gives a rejected-and-refunded prescription order’s money back once', async () => {
    const { order } = await paidRxOrder();
    const pharmacist = await t.signedInStaff(['pharmacist']);
    const service = await t.signedInStaff(['service']);
    await Promise.all([
      post(pharmacist.headers, `/admin/inquiries/${order.ordersCode}/audit`, { verdict: 'reject', reason: '其他' }),
      post(service.headers, `/admin/orders/${order.ordersCode}/refund`),
    ]);
    await orderBecomes(order.ordersCode, 'refundCompleteTransaction');
    const rows = await refundsOf(order.ordersCode);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: order.sum, attempts: 1 });
  });

  it('leaves a refund the gateway refuses failed and in view, and sends it again on 退款', async () => {
    const { order, paymentId } = await paidOrder();
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    // A trade the sandbox never made: it refuses the refund (交易不存在).
    await t.db.update(payments).set({ tradeNo: 'NOT-A-SANDBOX-TRADE' }).where(eq(payments.id, paymentId));
    const { headers } = await t.signedInStaff(['service']);
    const started = await post(headers, `/admin/orders/${order.ordersCode}/refund`);
    expect(started.statusCode, started.body).toBe(200);
    await refundBecomes(order.ordersCode, 'failed');
    expect((await refundsOf(order.ordersCode))[0]).toMatchObject({ failure: '交易不存在', gatewayRefundNo: null });
    expect((await orderRow(order.ordersCode)).orderType).toBe('refundOrder');
    const detail = (
      await t.app.inject({ method: 'GET', url: `${API}/admin/orders/${order.ordersCode}`, headers })
    ).json();
    expect(detail.actions).toContain('refund');
    expect(detail.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: '支付渠道退款', detail: expect.stringContaining('交易不存在') }),
      ]),
    );

    await t.db.update(payments).set({ tradeNo: payment!.tradeNo }).where(eq(payments.id, paymentId));
    const again = await post(headers, `/admin/orders/${order.ordersCode}/refund`);
    expect(again.statusCode, again.body).toBe(200);
    await orderBecomes(order.ordersCode, 'refundCompleteTransaction');
    const rows = await refundsOf(order.ordersCode);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', attempts: 2, failure: null });
  });

  it('refuses to mark done by hand a refund the gateway is still working on', async () => {
    const { order, paymentId } = await paidOrder();
    const now = t.clock.now();
    await t.db
      .update(orders)
      .set({ orderType: 'refundOrder', orderStatus: 60 })
      .where(eq(orders.ordersCode, order.ordersCode));
    await t.db.insert(refunds).values({
      id: randomUUID(),
      ordersCode: order.ordersCode,
      paymentId,
      amount: order.sum,
      reason: '测试',
      status: 'processing',
      attempts: 1,
      claimedAt: now,
      requestedAt: now,
      updatedAt: now,
    });
    const { headers } = await t.signedInStaff(['service']);
    const done = await post(headers, `/admin/orders/${order.ordersCode}/refund`, { complete: true });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(MSG.refundInProgress);
    const again = await post(headers, `/admin/orders/${order.ordersCode}/refund`);
    expect(again.statusCode).toBe(409);
    expect((await orderRow(order.ordersCode)).orderType).toBe('refundOrder');
  });

  it('settles a refund left waiting (written with no server listening) when a server starts', async () => {
    const { order, paymentId } = await paidOrder();
    const now = t.clock.now();
    await t.db
      .update(orders)
      .set({ orderType: 'refundOrder', orderStatus: 60 })
      .where(eq(orders.ordersCode, order.ordersCode));
    await t.db.insert(refunds).values({
      id: randomUUID(),
      ordersCode: order.ordersCode,
      paymentId,
      amount: order.sum,
      reason: '测试',
      requestedAt: now,
      updatedAt: now,
    });
    await t.buildPeer();
    await orderBecomes(order.ordersCode, 'refundCompleteTransaction');
    expect((await refundsOf(order.ordersCode))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
