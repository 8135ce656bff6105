import { randomUUID } from 'node:crypto';
import { AFTERSALE_MSG } from '@anxin/shared/aftersale/aftersale.contract';
import type { OrderType } from '@anxin/shared/orders/order-status';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  coinEntries,
  invoiceRequests,
  orders,
  payments,
  refunds,
  smsOutbox,
  staffAuditLog,
  uploads,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMallConfigService } from '../mall/mall.module.ts';
import { placeOrderInState } from '../orders/orders.fixtures.ts';
import { afterSales } from './aftersale.schema.ts';

// After-sales (docs/AFTERSALE.md) through the API: each state move and each refusal, the amounts the server
// computes, the money through the sandbox gateway after the decision's commit, the console's roles and limit,
// and two requests or two decisions at once.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway';
const call = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
const get = (headers: Headers, url: string) => call('GET', headers, url);
const post = (headers: Headers, url: string, payload: object = {}) => call('POST', headers, url, payload);
const put = (headers: Headers, url: string, payload: object = {}) => call('PUT', headers, url, payload);
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0]!;
const requestRow = async (code: string) => (await t.db.select().from(afterSales).where(eq(afterSales.code, code)))[0]!;
const requestBecomes = (code: string, status: string) =>
  vi.waitFor(async () => expect((await requestRow(code)).status).toBe(status), { timeout: 10_000 });
const smsTo = async (phone: string) =>
  (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.createdAt))).map(
    (row) => row.content,
  );

type LineSpec = { code: string; name: string; amount: number; price: number; rx?: number; classCode?: string };
const DRUG: LineSpec = { code: '1000101', name: '安心 布洛芬缓释胶囊', amount: 2, price: 2000, classCode: '200101' };
const MASK: LineSpec = {
  code: '3000101',
  name: '安心 一次性使用医用口罩',
  amount: 3,
  price: 1000,
  classCode: '300101',
};

/**
 * A signed-in member's order in `target`, paid online at the sandbox (a paid payment row with a trade number
 * the sandbox knows), reached through the real state machine.
 */
async function givenOrder(
  target: OrderType,
  options: { lines?: LineSpec[]; transportCosts?: number; mallCoinMoney?: number; couponValue?: number } = {},
) {
  const signed = await t.createSignedInMember();
  const lines = options.lines ?? [DRUG, MASK];
  const now = t.clock.now();
  const order = await t.db.transaction((tx) =>
    placeOrderInState(
      tx,
      {
        memberId: signed.member.id,
        paymentType: 99,
        consignee: '张三',
        consigneePhone: '13912345678',
        deliveryAddress: '北京市 北京市 朝阳区 建国路88号',
        transportCosts: options.transportCosts ?? 800,
        mallCoinMoney: options.mallCoinMoney ?? 0,
        couponValue: options.couponValue ?? 0,
        lines: lines.map((line) => ({
          productCode: line.code,
          productName: line.name,
          packing: '1盒',
          amount: line.amount,
          actualPrice: line.price,
          prescriptionType: line.rx ?? 2,
          classCode: line.classCode ?? null,
        })),
        target,
        placedAt: new Date(now.getTime() - 3 * 86_400_000),
      },
      now,
    ),
  );
  await t.db.insert(payments).values({
    id: randomUUID(),
    orderCodes: [order.ordersCode],
    memberId: signed.member.id,
    amount: Math.max(1, order.sum),
    provider: 'sandbox',
    status: 'paid',
    paySource: 'PC',
    platform: 'PC',
    payUrl: '/pay',
    tradeNo: `SBX${Date.now()}${order.id}`,
    createdAt: now,
    paidAt: now,
  });
  const form = (await get(signed.headers, `/v2/aftersale/orders/${order.ordersCode}`)).json();
  const lineId = (code: string) => form.lines.find((line: { productCode: string }) => line.productCode === code).lineId;
  return { ...signed, order, lineId };
}

/** A private upload of the member (what POST /v2/upload?module=private writes); its URL. */
async function givenPhoto(memberId: number) {
  const name = `${randomUUID()}.png`;
  await t.db.insert(uploads).values({
    name,
    memberId,
    module: 'private',
    contentType: 'image/png',
    byteSize: 100,
    width: 10,
    height: 10,
    createdAt: t.clock.now(),
  });
  return `${t.app.services.config.AVATAR_HOST}${name}`;
}

/** The member asked for a personal e-invoice of the order at checkout (issued when the order is received). */
async function givenInvoiceRequest(orderId: number, memberId: number) {
  await t.db.insert(invoiceRequests).values({
    orderId,
    memberId,
    kind: 'electronic',
    titleType: 'personal',
    title: '个人',
    content: '商品明细',
    email: 'buyer@example.com',
    createdAt: t.clock.now(),
  });
}

let service: Headers;
let admin: Headers;
beforeAll(async () => {
  service = (await t.signedInStaff(['service'])).headers;
  admin = (await t.signedInStaff(['admin'])).headers;
});

describe('仅退款 of an order not yet shipped', () => {
  it('quotes, holds the lines, is approved by 客服 and refunded through the gateway; SMS and audit', async () => {
    const { headers, order, lineId, member } = await givenOrder('waitDelivery', { mallCoinMoney: 600 });
    const form = (await get(headers, `/v2/aftersale/orders/${order.ordersCode}`)).json();
    expect(form).toMatchObject({ canApply: true, refusal: null, deadline: null, types: ['refundOnly'] });
    expect(form.lines).toHaveLength(2);

    const body = {
      ordersCode: order.ordersCode,
      type: 'refundOnly',
      lines: [{ lineId: lineId(MASK.code), quantity: 1 }],
    };
    const quote = await post(headers, '/v2/aftersale/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    // Goods 7000 + freight 800 = 7800 paid, 600 of it in coins. One mask (1000) and, nothing shipped, the freight:
    // 1800 of value, 600/7800 of it in coins (138), the rest (1662) to the payment method.
    expect(quote.json()).toEqual({
      refundAmount: 1662,
      refundCoins: 138,
      freightAmount: 800,
      isWholeOrder: false,
      reasons: ['quality', 'wrongItem', 'damaged', 'notReceived', 'noReason'],
    });

    const created = await post(headers, '/v2/aftersale', { ...body, reason: 'noReason', description: '不想要了' });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json();
    expect(request).toMatchObject({
      status: 'pending',
      statusName: '审核中',
      typeName: '仅退款',
      reasonName: '七天无理由',
      refundAmount: 1662,
      refundCoins: 138,
      canCancel: true,
      lines: [{ productCode: MASK.code, quantity: 1 }],
    });
    expect(request.timeline.map((step: { label: string; reached: boolean }) => [step.label, step.reached])).toEqual([
      ['提交申请', true],
      ['审核中', true],
      ['同意', false],
      ['退款中', false],
      ['退款成功', false],
    ]);
    const detail = (await get(headers, `/v3/orders/${order.ordersCode}`)).json();
    expect(detail.afterSale.hasOpenRequest).toBe(true);
    expect(detail.afterSale.lines).toContainEqual({
      lineId: lineId(MASK.code),
      productCode: MASK.code,
      refundableQuantity: 2,
    });

    const queue = (await get(service, '/admin/aftersales')).json();
    expect(queue.content.map((item: { code: string }) => item.code)).toContain(request.code);
    const approved = await post(service, `/admin/aftersales/${request.code}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // The gateway answers after the decision's commit: the reply may already see it done.
    expect(approved.json().actions).toEqual([]);
    expect(['refunding', 'refunded']).toContain(approved.json().status);

    await requestBecomes(request.code, 'refunded');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.afterSaleCode, request.code));
    expect(refund).toMatchObject({ amount: 1662, status: 'succeeded', ordersCode: order.ordersCode });
    const done = (await get(headers, `/v2/aftersale/${request.code}`)).json();
    expect(done).toMatchObject({ status: 'refunded', statusName: '退款成功' });
    expect(done.timeline.every((step: { reached: boolean }) => step.reached)).toBe(true);
    const coins = await t.db
      .select()
      .from(coinEntries)
      .where(and(eq(coinEntries.memberId, member.id), eq(coinEntries.orderCode, order.ordersCode)));
    expect(coins.map((entry) => entry.amount)).toContain(138);
    // Only part went back: the order stays where it was, its other pieces still refundable.
    expect((await orderRow(order.ordersCode)).orderType).toBe('waitDelivery');
    const after = (await get(headers, `/v3/orders/${order.ordersCode}`)).json();
    expect(after.afterSale.hasOpenRequest).toBe(false);
    expect(after.afterSale.lines).toContainEqual({
      lineId: lineId(MASK.code),
      productCode: MASK.code,
      refundableQuantity: 2,
    });
    expect((await smsTo(member.phone!))[0]).toContain(`售后申请${request.code}已同意`);
    const audit = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, request.code));
    expect(audit.map((entry) => entry.action)).toContain('aftersale.approve');
  });

  it('the last request of the order takes what is left: the order ends 退款完成, nothing paid twice', async () => {
    const { headers, order, lineId } = await givenOrder('waitDelivery', { lines: [MASK] });
    const created = await post(headers, '/v2/aftersale', {
      ordersCode: order.ordersCode,
      type: 'refundOnly',
      reason: 'wrongItem',
      lines: [{ lineId: lineId(MASK.code), quantity: 3 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ refundAmount: order.sum });
    await post(service, `/admin/aftersales/${created.json().code}/approve`);
    await requestBecomes(created.json().code, 'refunded');
    await vi.waitFor(async () =>
      expect((await orderRow(order.ordersCode)).orderType).toBe('refundCompleteTransaction'),
    );
    const rows = await t.db.select().from(refunds).where(eq(refunds.ordersCode, order.ordersCode));
    expect(rows.reduce((total, row) => total + row.amount, 0)).toBe(order.sum);
  });
});

describe('退货退款 of a received order', () => {
  it('waits for the goods at the return address, the member enters the waybill, the agent confirms, refunded', async () => {
    const { headers, order, lineId, member } = await givenOrder('waitEvaluate');
    const photo = await givenPhoto(member.id);
    const created = await post(headers, '/v2/aftersale', {
      ordersCode: order.ordersCode,
      type: 'returnRefund',
      reason: 'damaged',
      description: '外盒破损',
      photos: [photo],
      lines: [{ lineId: lineId(DRUG.code), quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json();
    // Shipped: no freight; one drug of 4000 goods in 4000 + 3000 goods.
    expect(created.json()).toMatchObject({
      refundAmount: 2000,
      freightAmount: 0,
      photos: [expect.stringContaining('/v2/upload/private/')],
    });
    const review = (await get(headers, `/v3/orders/${order.ordersCode}`)).json();
    expect(review.actions).not.toContain('evaluate');
    const evaluate = await post(headers, `/v3/orders/${order.ordersCode}/evaluate`, {
      productEvaVos: [DRUG, MASK].map((line) => ({
        productCode: line.code,
        score: 5,
        labels: ['正品保障'],
        content: '很好的商品，物流也很快',
      })),
    });
    expect(evaluate.statusCode, evaluate.body).toBe(409);
    expect(evaluate.json().message).toBe(AFTERSALE_MSG.openRequest);

    const noAddress = await post(service, `/admin/aftersales/${code}/approve`, {});
    expect(noAddress.statusCode).toBe(400);
    const approved = await post(service, `/admin/aftersales/${code}/approve`, {
      returnAddress: '上海市浦东新区张江路88号',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'awaitingReturn',
      returnAddress: '上海市浦东新区张江路88号',
      actions: [],
    });
    expect((await smsTo(member.phone!))[0]).toContain('请将商品寄回：上海市浦东新区张江路88号');
    const early = await post(service, `/admin/aftersales/${code}/confirm-return`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(AFTERSALE_MSG.waybillMissing);

    const cancel = await put(headers, `/v2/aftersale/${code}/cancel`);
    expect(cancel.statusCode).toBe(409);
    const badWaybill = await put(headers, `/v2/aftersale/${code}/return-shipment`, {
      carrier: '顺丰速运',
      waybillNo: '单号',
    });
    expect(badWaybill.statusCode).toBe(400);
    const shipped = await put(headers, `/v2/aftersale/${code}/return-shipment`, {
      carrier: '顺丰速运',
      waybillNo: 'sf1234567890',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      returnCarrier: '顺丰速运',
      returnWaybillNo: 'SF1234567890',
      canEnterWaybill: true,
    });

    const consoleDetail = (await get(service, `/admin/aftersales/${code}`)).json();
    expect(consoleDetail).toMatchObject({ actions: ['confirmReturn'], memberPhone: expect.stringContaining('****') });
    expect(consoleDetail.order.lines).toHaveLength(2);
    const confirmed = await post(service, `/admin/aftersales/${code}/confirm-return`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await requestBecomes(code, 'refunded');
    const steps = (await get(headers, `/v2/aftersale/${code}`)).json().timeline;
    expect(steps.map((step: { label: string }) => step.label)).toEqual([
      '提交申请',
      '审核中',
      '同意',
      '待寄回',
      '商家已收货',
      '退款中',
      '退款成功',
    ]);
    expect(steps.every((step: { reached: boolean }) => step.reached)).toBe(true);
    const audit = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, code));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['aftersale.approve', 'aftersale.confirmReturn']);
  });

  it('is rejected with a reason the member reads: the pieces may be asked for again', async () => {
    const { headers, order, lineId, member } = await givenOrder('waitEvaluate');
    const body = {
      ordersCode: order.ordersCode,
      type: 'returnRefund',
      reason: 'quality',
      lines: [{ lineId: lineId(DRUG.code), quantity: 2 }],
    };
    const { code } = (await post(headers, '/v2/aftersale', body)).json();
    const again = await post(headers, '/v2/aftersale', body);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AFTERSALE_MSG.quantityTooLarge);
    const rejected = await post(service, `/admin/aftersales/${code}/reject`, {
      reason: '照片无法证明商品存在质量问题',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: '照片无法证明商品存在质量问题' });
    expect(rejected.json().timeline.at(-1)).toMatchObject({
      label: '驳回',
      reached: true,
      note: '照片无法证明商品存在质量问题',
    });
    expect((await smsTo(member.phone!))[0]).toContain('未通过：照片无法证明商品存在质量问题');
    expect((await post(headers, '/v2/aftersale', body)).statusCode).toBe(201);
  });

  it('is cancelled by the member while 审核中', async () => {
    const { headers, order, lineId } = await givenOrder('waitReceiving');
    const { code } = (
      await post(headers, '/v2/aftersale', {
        ordersCode: order.ordersCode,
        type: 'refundOnly',
        reason: 'notReceived',
        lines: [{ lineId: lineId(MASK.code), quantity: 1 }],
      })
    ).json();
    const cancelled = await put(headers, `/v2/aftersale/${code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', canCancel: false });
    expect((await post(service, `/admin/aftersales/${code}/approve`)).statusCode).toBe(409);
    const list = (await get(headers, `/v2/aftersale?ordersCode=${order.ordersCode}`)).json();
    expect(list).toMatchObject({ totalElements: 1, content: [{ code, statusName: '已取消' }] });
  });
});

describe('a refund the gateway refuses, and the whole order refunded beside a request', () => {
  /** A pending 仅退款 of one mask of a fresh order waiting for delivery. */
  async function givenRequest() {
    const given = await givenOrder('waitDelivery');
    const created = await post(given.headers, '/v2/aftersale', {
      ordersCode: given.order.ordersCode,
      type: 'refundOnly',
      lines: [{ lineId: given.lineId(MASK.code), quantity: 1 }],
      reason: 'damaged',
    });
    expect(created.statusCode, created.body).toBe(201);
    return { ...given, code: created.json().code as string };
  }

  it('stays 退款中 with the gateway’s reason; 客服 sends it again once, and it is refunded', async () => {
    const { member, code } = await givenRequest();
    const [payment] = await t.db.select().from(payments).where(eq(payments.memberId, member.id));
    // A trade the sandbox never made: it refuses the refund (交易不存在).
    await t.db.update(payments).set({ tradeNo: 'NOT-A-SANDBOX-TRADE' }).where(eq(payments.id, payment!.id));
    expect((await post(service, `/admin/aftersales/${code}/approve`)).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const [refund] = await t.db.select().from(refunds).where(eq(refunds.afterSaleCode, code));
        expect(refund?.status).toBe('failed');
      },
      { timeout: 10_000 },
    );
    const refused = (await get(service, `/admin/aftersales/${code}`)).json();
    expect(refused).toMatchObject({ status: 'refunding', actions: ['refundAgain'], refundFailure: '交易不存在' });
    // Roles without after-sales may not; the request is not another state's act.
    const warehouse = (await t.signedInStaff(['warehouse'])).headers;
    expect((await post(warehouse, `/admin/aftersales/${code}/refund-again`)).statusCode).toBe(403);
    expect((await post(service, `/admin/aftersales/${code}/confirm-return`)).json().message).toBe(
      AFTERSALE_MSG.cannotConfirmReturn,
    );

    await t.db.update(payments).set({ tradeNo: payment!.tradeNo }).where(eq(payments.id, payment!.id));
    const again = await post(service, `/admin/aftersales/${code}/refund-again`);
    expect(again.statusCode, again.body).toBe(200);
    await requestBecomes(code, 'refunded');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.afterSaleCode, code));
    expect(refund).toMatchObject({ status: 'succeeded', attempts: 2, failure: null });
    const twice = await post(service, `/admin/aftersales/${code}/refund-again`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(AFTERSALE_MSG.refundNotFailed);
    const audit = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, code));
    expect(audit.map((entry) => entry.action)).toEqual(['aftersale.approve', 'aftersale.refundAgain']);
  });

  it('refunding the whole order closes its open request with the reason and frees the pieces', async () => {
    const { headers, order, code } = await givenRequest();
    const held = (await get(service, `/admin/orders/${order.ordersCode}`)).json();
    expect(held.lines.find((line: { productCode: string }) => line.productCode === MASK.code)).toMatchObject({
      afterSaleHeld: 1,
      refundedQuantity: 0,
    });

    const refunded = await post(service, `/admin/orders/${order.ordersCode}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const closed = (await get(headers, `/v2/aftersale/${code}`)).json();
    expect(closed).toMatchObject({ status: 'cancelled', rejectReason: null });
    expect(closed.timeline.at(-1)).toMatchObject({ label: '已取消', note: AFTERSALE_MSG.closedByOrderRefund });
    const approving = await post(service, `/admin/aftersales/${code}/approve`);
    expect(approving.statusCode).toBe(409);
    const after = (await get(service, `/admin/orders/${order.ordersCode}`)).json();
    expect(after.lines.every((line: { afterSaleHeld: number }) => line.afterSaleHeld === 0)).toBe(true);
    // The whole order's refund gave back everything paid, once.
    await vi.waitFor(
      async () => expect((await orderRow(order.ordersCode)).orderType).toBe('refundCompleteTransaction'),
      {
        timeout: 10_000,
      },
    );
    const rows = await t.db.select().from(refunds).where(eq(refunds.ordersCode, order.ordersCode));
    expect(rows.map((row) => row.amount)).toEqual([order.sum]);
  });
});

describe('the invoice', () => {
  it('a refund of an invoiced order gets a red-letter invoice of its amount, listed with the original', async () => {
    const { headers, order, lineId, member } = await givenOrder('waitReceiving');
    await givenInvoiceRequest(order.id, member.id);
    expect((await put(headers, `/v3/orders/${order.ordersCode}/received`)).statusCode).toBe(200);
    const { code, refundAmount } = (
      await post(headers, '/v2/aftersale', {
        ordersCode: order.ordersCode,
        type: 'refundOnly',
        reason: 'quality',
        lines: [{ lineId: lineId(MASK.code), quantity: 1 }],
      })
    ).json();
    await post(service, `/admin/aftersales/${code}/approve`);
    await requestBecomes(code, 'refunded');

    const listed = (await get(headers, '/v2/invoices')).json().content[0];
    expect(listed).toMatchObject({ ordersCode: order.ordersCode, amount: order.sum });
    expect(listed.redLetters).toEqual([
      { invoiceNumber: expect.stringMatching(/^\d{4}9\d{15}$/), amount: -refundAmount, issuedAt: expect.any(String) },
    ]);
    const { invoiceNumber } = listed.redLetters[0];
    const links = await get(headers, `/v2/invoices/${order.ordersCode}/red-letters/${invoiceNumber}/urls`);
    expect(links.statusCode, links.body).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: links.json().urls[0] });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const other = await t.createSignedInMember();
    expect(
      (await get(other.headers, `/v2/invoices/${order.ordersCode}/red-letters/${invoiceNumber}/urls`)).statusCode,
    ).toBe(404);
  });
});

describe('the invoice issued after a refund', () => {
  it('an order refunded in part before receipt is invoiced at receipt with that part reversed', async () => {
    const { headers, order, lineId, member } = await givenOrder('waitReceiving');
    await givenInvoiceRequest(order.id, member.id);
    const { code, refundAmount } = (
      await post(headers, '/v2/aftersale', {
        ordersCode: order.ordersCode,
        type: 'refundOnly',
        reason: 'damaged',
        lines: [{ lineId: lineId(MASK.code), quantity: 1 }],
      })
    ).json();
    await post(service, `/admin/aftersales/${code}/approve`);
    await requestBecomes(code, 'refunded');
    expect(
      (await get(headers, '/v2/invoices')).json().content.map((row: { ordersCode: string }) => row.ordersCode),
    ).not.toContain(order.ordersCode);

    expect((await put(headers, `/v3/orders/${order.ordersCode}/received`)).statusCode).toBe(200);
    const listed = (await get(headers, '/v2/invoices')).json().content[0];
    expect(listed).toMatchObject({ ordersCode: order.ordersCode, amount: order.sum });
    expect(listed.redLetters).toEqual([
      { invoiceNumber: expect.stringMatching(/^\d{4}9\d{15}$/), amount: -refundAmount, issuedAt: expect.any(String) },
    ]);
  });
});

describe('refusals', () => {
  it('after the window (days after receipt in the mall configuration): 409 已超过售后申请期限', async () => {
    const { headers, order, lineId } = await givenOrder('waitEvaluate');
    // Received about 21 hours ago: within the default 7 days, past a window of 0 days.
    const mall = createMallConfigService(t.app.services);
    await mall.update({ afterSaleDays: 0 }, 'ops');
    try {
      const form = (await get(headers, `/v2/aftersale/orders/${order.ordersCode}`)).json();
      expect(form).toMatchObject({ canApply: false, refusal: AFTERSALE_MSG.windowPassed });
      const reply = await post(headers, '/v2/aftersale/quote', {
        ordersCode: order.ordersCode,
        type: 'refundOnly',
        lines: [{ lineId: lineId(MASK.code), quantity: 1 }],
      });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(AFTERSALE_MSG.windowPassed);
    } finally {
      await mall.update({ afterSaleDays: null }, 'ops');
    }
    expect((await get(headers, `/v2/aftersale/orders/${order.ordersCode}`)).json()).toMatchObject({ canApply: true });
  });

  it('a medicine has no 七天无理由; an unshipped order no 退货退款; more pieces than bought; a gift or foreign line; a photo not own', async () => {
    const { headers, order, lineId, member } = await givenOrder('waitEvaluate');
    const base = { ordersCode: order.ordersCode, type: 'returnRefund', reason: 'quality' };
    const drug = [{ lineId: lineId(DRUG.code), quantity: 1 }];
    const cases: [object, number, string][] = [
      [{ ...base, reason: 'noReason', lines: drug }, 400, AFTERSALE_MSG.reasonNotAllowed],
      [{ ...base, reason: 'notReceived', lines: drug }, 400, AFTERSALE_MSG.notReceivedIsRefundOnly],
      [{ ...base, lines: [{ lineId: lineId(DRUG.code), quantity: 3 }] }, 400, AFTERSALE_MSG.quantityTooLarge],
      [{ ...base, lines: [{ lineId: 99_999_999, quantity: 1 }] }, 400, AFTERSALE_MSG.lineUnknown],
      [
        { ...base, lines: drug, photos: [`${t.app.services.config.AVATAR_HOST}${randomUUID()}.png`] },
        400,
        AFTERSALE_MSG.photoNotOwn,
      ],
      [{ ...base, lines: drug, description: '长'.repeat(201) }, 400, AFTERSALE_MSG.descriptionTooLong],
    ];
    for (const [body, status, message] of cases) {
      const reply = await post(headers, '/v2/aftersale', body);
      expect(reply.statusCode, reply.body).toBe(status);
      expect(reply.json().message).toBe(message);
    }
    const form = (await get(headers, `/v2/aftersale/orders/${order.ordersCode}`)).json();
    expect(form.lines.find((line: { productCode: string }) => line.productCode === DRUG.code)).toMatchObject({
      isMedicine: true,
      reasons: ['quality', 'wrongItem', 'damaged', 'notReceived'],
    });
    expect(await t.db.select().from(afterSales).where(eq(afterSales.memberId, member.id))).toHaveLength(0);

    const unshipped = await givenOrder('waitDelivery');
    const reply = await post(unshipped.headers, '/v2/aftersale/quote', {
      ordersCode: unshipped.order.ordersCode,
      type: 'returnRefund',
      lines: [{ lineId: unshipped.lineId(MASK.code), quantity: 1 }],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(AFTERSALE_MSG.typeNotShipped);
  });

  it('an unpaid or cancelled order cannot ask; another member’s order and request are 404; no token 401', async () => {
    const unpaid = await givenOrder('waitPay');
    expect((await get(unpaid.headers, `/v2/aftersale/orders/${unpaid.order.ordersCode}`)).json()).toMatchObject({
      canApply: false,
      refusal: AFTERSALE_MSG.orderNotEligible,
    });
    const mine = await givenOrder('waitEvaluate');
    const { code } = (
      await post(mine.headers, '/v2/aftersale', {
        ordersCode: mine.order.ordersCode,
        type: 'refundOnly',
        reason: 'quality',
        lines: [{ lineId: mine.lineId(MASK.code), quantity: 1 }],
      })
    ).json();
    const other = await t.createSignedInMember();
    const foreign: [string, () => ReturnType<typeof get>][] = [
      ['form', () => get(other.headers, `/v2/aftersale/orders/${mine.order.ordersCode}`)],
      [
        'quote',
        () =>
          post(other.headers, '/v2/aftersale/quote', {
            ordersCode: mine.order.ordersCode,
            type: 'refundOnly',
            lines: [{ lineId: mine.lineId(MASK.code), quantity: 1 }],
          }),
      ],
      [
        'create',
        () =>
          post(other.headers, '/v2/aftersale', {
            ordersCode: mine.order.ordersCode,
            type: 'refundOnly',
            reason: 'quality',
            lines: [{ lineId: mine.lineId(MASK.code), quantity: 1 }],
          }),
      ],
      ['detail', () => get(other.headers, `/v2/aftersale/${code}`)],
      ['cancel', () => put(other.headers, `/v2/aftersale/${code}/cancel`)],
      [
        'waybill',
        () =>
          put(other.headers, `/v2/aftersale/${code}/return-shipment`, {
            carrier: '顺丰速运',
            waybillNo: 'SF1234567890',
          }),
      ],
    ];
    for (const [name, send] of foreign) expect((await send()).statusCode, name).toBe(404);
    expect((await get(other.headers, '/v2/aftersale')).json().totalElements).toBe(0);
    expect((await get({}, '/v2/aftersale')).statusCode).toBe(401);
  });
});

describe('at the same time', () => {
  it('two requests for the same pieces give one; two approvals of one request give one refund', async () => {
    const { headers, order, lineId } = await givenOrder('waitEvaluate');
    const body = {
      ordersCode: order.ordersCode,
      type: 'refundOnly',
      reason: 'quality',
      lines: [{ lineId: lineId(MASK.code), quantity: 2 }],
    };
    const replies = await Promise.all([post(headers, '/v2/aftersale', body), post(headers, '/v2/aftersale', body)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 400]);
    const code = replies.find((reply) => reply.statusCode === 201)!.json().code;
    const other = (await t.signedInStaff(['service'])).headers;
    const decisions = await Promise.all([
      post(service, `/admin/aftersales/${code}/approve`),
      post(other, `/admin/aftersales/${code}/approve`),
    ]);
    expect(decisions.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    await requestBecomes(code, 'refunded');
    expect(await t.db.select().from(refunds).where(eq(refunds.afterSaleCode, code))).toHaveLength(1);
  });
});

describe('the console’s roles and limit', () => {
  it('客服 and the admin see the queue; other roles 403; a member token and none 401', async () => {
    const expected: Record<StaffRole, number> = {
      service: 200,
      admin: 200,
      pharmacist: 403,
      warehouse: 403,
      operations: 403,
    };
    for (const [role, status] of Object.entries(expected)) {
      const { headers } = await t.signedInStaff([role as StaffRole]);
      expect((await get(headers, '/admin/aftersales')).statusCode, role).toBe(status);
      expect((await post(headers, '/admin/aftersales/SHNONE/approve')).statusCode, role).toBe(
        status === 200 ? 404 : 403,
      );
    }
    const member = await t.createSignedInMember();
    expect((await get(member.headers, '/admin/aftersales')).statusCode).toBe(401);
    expect((await get({}, '/admin/aftersales')).statusCode).toBe(401);
  });

  it('a refund above the 客服’s limit (¥500.00) is the admin’s to decide', async () => {
    const big: LineSpec = {
      code: '3000103',
      name: '康正 上臂式电子血压计',
      amount: 3,
      price: 19_900,
      classCode: '300101',
    };
    const { headers, order, lineId } = await givenOrder('waitEvaluate', { lines: [big] });
    const { code } = (
      await post(headers, '/v2/aftersale', {
        ordersCode: order.ordersCode,
        type: 'refundOnly',
        reason: 'quality',
        lines: [{ lineId: lineId(big.code), quantity: 3 }],
      })
    ).json();
    expect((await get(service, `/admin/aftersales/${code}`)).json()).toMatchObject({ isAboveLimit: true, actions: [] });
    const refused = await post(service, `/admin/aftersales/${code}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AFTERSALE_MSG.overLimit);
    expect((await post(admin, `/admin/aftersales/${code}/approve`)).statusCode).toBe(200);
  });
});
