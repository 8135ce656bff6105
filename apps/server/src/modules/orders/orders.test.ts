import { randomBytes } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { ORDER_STATUS_CODE, ORDER_TYPES, type OrderType } from '@anxin/shared/orders/order-status';
import { REVIEW_TAGS } from '@anxin/shared/orders/review.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { CATALOGUE_PRODUCTS } from '../catalogue/catalogue.module.ts';
import { insertUpload } from '../uploads/uploads.repository.ts';
import { fixedClock, placeOrderInState } from './orders.fixtures.ts';
import { orders, reviews } from './orders.schema.ts';
import { createOrderService } from './orders.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The order moves the tests drive directly, on the test app's database and clock. */
const orderService = () => createOrderService({ db: t.db, clock: t.clock });

const API = '/web-gateway';
const line = (code: string, name: string, extra: Record<string, unknown> = {}) => ({
  productCode: code,
  productName: name,
  productImageUrl: `/web-gateway/v2/products/${code}/image.svg`,
  packing: '10片/盒',
  amount: 2,
  actualPrice: 1250,
  prescriptionType: 2,
  classCode: '200101',
  ...extra,
});
const ADDRESS = {
  consignee: '张三',
  consigneePhone: '13912345678',
  deliveryAddress: '北京市 北京市 朝阳区 建国路88号',
};

let sequence = 0;
/** An order of `memberId` in `target`, placed `daysAgo` days ago through the real state machine. */
async function givenOrder(
  memberId: number,
  target: OrderType,
  options: { daysAgo?: number; lines?: ReturnType<typeof line>[]; paymentType?: number; rx?: boolean } = {},
) {
  sequence++;
  const now = t.clock.now();
  const placedAt = new Date(now.getTime() - (options.daysAgo ?? 0) * 86_400_000 - 3 * 86_400_000 - sequence * 1000);
  const lines = options.lines ?? [
    line(`P${sequence}A`, `维生素C咀嚼片${sequence}`),
    line(`P${sequence}B`, `复方甘草片${sequence}`, options.rx ? { prescriptionType: 4 } : {}),
  ];
  return t.db.transaction((tx) =>
    placeOrderInState(
      tx,
      {
        memberId,
        paymentType: options.paymentType ?? 99,
        ...ADDRESS,
        transportCosts: 800,
        couponValue: 300,
        lines,
        isPrescriptionComplete: options.rx ? target !== 'waitAudit' : false,
        target,
        placedAt,
      },
      now,
    ),
  );
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: API + url, headers });
const put = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'PUT', url: API + url, headers });

async function orderRow(code: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.ordersCode, code));
  return row;
}

describe('sign-in required', () => {
  it.each([
    ['GET', '/v3/orders/counts'],
    ['GET', '/v3/orders'],
    ['GET', '/v3/orders/filter'],
    ['GET', '/v3/orders/AX1'],
    ['PUT', '/v3/orders/AX1/platformCancel'],
    ['DELETE', '/v3/orders/AX1/delete'],
    ['PUT', '/v3/orders/AX1/received'],
    ['PUT', '/v3/orders/AX1/rebuy'],
    ['GET', '/v3/orders/AX1/evaluate'],
    ['POST', '/v3/orders/AX1/evaluate'],
    ['GET', '/v2/orders/logistics?ordersCode=AX1'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const reply = await t.app.inject({ method, url: API + url, payload: method === 'POST' ? {} : undefined });
    expect(reply.statusCode).toBe(401);
  });
});

describe('counts, list and filter', () => {
  let headers: Record<string, string>;
  let memberId: number;
  const codes: Record<string, string> = {};

  beforeAll(async () => {
    const signedIn = await t.createSignedInMember();
    headers = { ...signedIn.headers, platform: 'PC' };
    memberId = signedIn.member.id;
    // 6 waitPay, 2 waitDelivery, 1 waitReceiving, 3 waitEvaluate, 1 completed, 1 canceled, 1 waitAudit.
    for (let i = 0; i < 6; i++)
      codes[`waitPay${i}`] = (await givenOrder(memberId, 'waitPay', { daysAgo: i })).ordersCode;
    codes.waitDelivery = (await givenOrder(memberId, 'waitDelivery', { daysAgo: 10 })).ordersCode;
    codes.cod = (await givenOrder(memberId, 'waitDelivery', { daysAgo: 11, paymentType: 1 })).ordersCode;
    codes.waitReceiving = (await givenOrder(memberId, 'waitReceiving', { daysAgo: 20 })).ordersCode;
    for (let i = 0; i < 3; i++)
      codes[`waitEvaluate${i}`] = (await givenOrder(memberId, 'waitEvaluate', { daysAgo: 40 + i })).ordersCode;
    codes.complete = (await givenOrder(memberId, 'completeTransaction', { daysAgo: 200 })).ordersCode;
    codes.canceled = (await givenOrder(memberId, 'canceled', { daysAgo: 500 })).ordersCode;
    codes.audit = (await givenOrder(memberId, 'waitAudit', { rx: true, daysAgo: 1 })).ordersCode;
    // Someone else's orders never show.
    const other = await t.createMember();
    await givenOrder(other.id, 'waitPay');
  });

  it('counts the four badges of the member only', async () => {
    const reply = await get('/v3/orders/counts', headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ waitPay: 6, waitDelivery: 2, waitReceiving: 1, waitEvaluate: 3 });
  });

  it('pages all orders 4 at a time, newest first, with lines, money in cents and actions', async () => {
    const first = (await get('/v3/orders?type=all&page=1&size=4', headers)).json();
    expect(first).toMatchObject({ totalElements: 15, totalPages: 4, page: 1, size: 4 });
    expect(first.content).toHaveLength(4);
    const dates = first.content.map((order: { creationDate: string }) => order.creationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const order = first.content[0];
    expect(order).toMatchObject({
      ordersCode: codes.waitPay0,
      orderType: 'waitPay',
      orderStatus: 20,
      orderStatusName: '待付款',
      productMoney: 5000,
      transportCosts: 800,
      couponValue: 300,
      sum: 5500,
      consigneePhone: '139****5678',
      actions: ['pay', 'cancel'],
    });
    expect(order.orderProducts).toHaveLength(2);
    const last = (await get('/v3/orders?page=4', headers)).json();
    expect(last.content).toHaveLength(3);
    expect(last.content.at(-1).ordersCode).toBe(codes.canceled);
  });

  it('answers a page past the end empty, with the totals still right', async () => {
    const beyond = (await get('/v3/orders?type=all&page=9&size=4', headers)).json();
    expect(beyond).toMatchObject({ content: [], totalElements: 15, totalPages: 4, page: 9, size: 4 });
  });

  it('defaults to size 4 and filters by tab', async () => {
    const reply = (await get('/v3/orders?type=waitEvaluate', headers)).json();
    expect(reply.size).toBe(4);
    expect(reply.totalElements).toBe(3);
    expect(reply.content.every((order: { orderType: string }) => order.orderType === 'waitEvaluate')).toBe(true);
    expect(reply.content[0].actions).toEqual(['evaluate', 'rebuy', 'delete']);
  });

  it('rejects an unknown tab and a page below 1 with 400', async () => {
    expect((await get('/v3/orders?type=nope', headers)).statusCode).toBe(400);
    expect((await get('/v3/orders?page=0', headers)).statusCode).toBe(400);
  });

  it('filters by time range, product name and status', async () => {
    const day = (daysAgo: number) =>
      new Date(t.clock.now().getTime() + 8 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const recent = (await get(`/v3/orders/filter?type=all&beginDate=${day(93)}&size=50`, headers)).json();
    expect(recent.totalElements).toBe(13); // not the 200- and 500-day-old ones
    const lastYear = (await get(`/v3/orders/filter?beginDate=${day(365)}&size=50`, headers)).json();
    expect(lastYear.totalElements).toBe(14);
    const window = (await get(`/v3/orders/filter?beginDate=${day(60)}&endDate=${day(30)}`, headers)).json();
    expect(window.content.map((order: { orderType: string }) => order.orderType)).toEqual([
      'waitEvaluate',
      'waitEvaluate',
      'waitEvaluate',
    ]);
    const complete = await orderRow(codes.complete);
    const name = (await get(`/v3/orders/${complete?.ordersCode}`, headers)).json().orderProducts[0].productName;
    const byName = (await get(`/v3/orders/filter?productName=${encodeURIComponent(name)}`, headers)).json();
    expect(byName.content.map((order: { ordersCode: string }) => order.ordersCode)).toEqual([codes.complete]);
    const byStatus = (await get('/v3/orders/filter?status=waitDelivery', headers)).json();
    expect(byStatus.totalElements).toBe(2);
    const mismatch = (await get('/v3/orders/filter?type=waitPay&status=waitDelivery', headers)).json();
    expect(mismatch.totalElements).toBe(0);
    const percent = (await get(`/v3/orders/filter?productName=${encodeURIComponent('%')}`, headers)).json();
    expect(percent.totalElements).toBe(0);
  });

  it('answers 400 on a bad date or a too long product name', async () => {
    const badDate = await get('/v3/orders/filter?beginDate=yesterday', headers);
    expect(badDate.statusCode).toBe(400);
    const longName = await get(`/v3/orders/filter?productName=${'药'.repeat(51)}`, headers);
    expect(longName.statusCode).toBe(400);
    expect(longName.json().message).toBe(MSG.searchTextTooLong);
  });

  it('shows pay and cancel for an unpaid prescription order waiting for audit', async () => {
    const reply = (await get(`/v3/orders/${codes.audit}`, headers)).json();
    expect(reply).toMatchObject({
      orderType: 'waitAudit',
      orderStatusName: '待审核',
      isRxDrug: true,
      prescription: false,
    });
    expect(reply.actions).toEqual(['pay', 'cancel']);
  });
});

describe('detail', () => {
  it('answers one order as an object, hides mark 7 and puts mark 3 first', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitPay', {
      lines: [
        line('L1', '普通商品'),
        line('L2', '套餐主商品', { mark: 7 }),
        line('L3', '赠品', { mark: 3, actualPrice: 0 }),
      ],
    });
    const reply = await get(`/v3/orders/${order.ordersCode}`, headers);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(Array.isArray(body)).toBe(false);
    expect(body.orderProducts.map((product: { productCode: string }) => product.productCode)).toEqual(['L3', 'L1']);
    expect(body).toMatchObject({ paymentTypeName: '在线支付', payDeadline: expect.any(String), shippingTime: null });
  });

  it('answers a split order as an array, by the parent code or a sub-order code', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitDelivery', {
      lines: [line('S1', '甲'), line('S2', '乙'), line('S3', '丙')],
    });
    const children = await t.db.transaction((tx) =>
      orderService().splitOrder(tx, order.ordersCode, [['S1', 'S3'], ['S2']]),
    );
    expect(children.map((child) => child.ordersCode)).toEqual([`${order.ordersCode}-1`, `${order.ordersCode}-2`]);
    await t.db.transaction((tx) =>
      orderService().shipOrder(tx, `${order.ordersCode}-2`, { companeName: '中通快递', shippingNo: 'ZT1' }),
    );
    for (const code of [order.ordersCode, `${order.ordersCode}-2`]) {
      const body = (await get(`/v3/orders/${code}`, headers)).json();
      expect(Array.isArray(body)).toBe(true);
      expect(body.map((sub: { ordersCode: string }) => sub.ordersCode)).toEqual(children.map((c) => c.ordersCode));
      expect(body[0].orderProducts.map((p: { productCode: string }) => p.productCode)).toEqual(['S1', 'S3']);
      // Freight to the first; the ¥3 subsidy shared by product money (¥50 : ¥25), so the sums add up to ¥80.
      expect(body[0]).toMatchObject({ transportCosts: 800, couponValue: 200, productMoney: 5000, sum: 5600 });
      expect(body[1]).toMatchObject({ orderType: 'waitReceiving', transportCosts: 0, couponValue: 100, sum: 2400 });
    }
    // The list shows the sub-orders, not the container; counts likewise.
    const list = (await get('/v3/orders', headers)).json();
    expect(list.content.map((o: { ordersCode: string }) => o.ordersCode).sort()).toEqual(
      children.map((c) => c.ordersCode).sort(),
    );
    expect((await get('/v3/orders/counts', headers)).json()).toMatchObject({ waitDelivery: 1, waitReceiving: 1 });
    // The container cannot be acted on.
    await expect(
      t.db.transaction((tx) => orderService().applyOrderEvent(tx, order.ordersCode, 'ship')),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('refuses a split that is not a partition of the lines', async () => {
    const { member } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitDelivery', { lines: [line('Q1', '甲'), line('Q2', '乙')] });
    for (const groups of [[['Q1', 'Q2']], [['Q1'], ['Q1', 'Q2']], [['Q1'], ['X']]]) {
      await expect(
        t.db.transaction((tx) => orderService().splitOrder(tx, order.ordersCode, groups)),
      ).rejects.toMatchObject({
        statusCode: 400,
      });
    }
    expect((await orderRow(order.ordersCode))?.isSplit).toBe(false);
  });

  it('answers 404 for another member’s order and for an unknown code, on every call', async () => {
    const owner = await t.createSignedInMember();
    const stranger = await t.createSignedInMember();
    const order = await givenOrder(owner.member.id, 'waitPay');
    const done = await givenOrder(owner.member.id, 'waitEvaluate');
    const calls: [string, string][] = [
      ['GET', `/v3/orders/${order.ordersCode}`],
      ['PUT', `/v3/orders/${order.ordersCode}/platformCancel`],
      ['DELETE', `/v3/orders/${done.ordersCode}/delete`],
      ['PUT', `/v3/orders/${done.ordersCode}/received`],
      ['PUT', `/v3/orders/${done.ordersCode}/rebuy`],
      ['GET', `/v3/orders/${done.ordersCode}/evaluate`],
      ['GET', `/v2/orders/logistics?ordersCode=${done.ordersCode}`],
      ['GET', '/v3/orders/AX0000000000'],
    ];
    for (const [method, url] of calls) {
      const reply = await t.app.inject({ method: method as 'GET', url: API + url, headers: stranger.headers });
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
      expect(reply.json().message).toBe(MSG.notFound);
    }
    const evaluate = await t.app.inject({
      method: 'POST',
      url: `${API}/v3/orders/${done.ordersCode}/evaluate`,
      headers: stranger.headers,
      payload: evaluationBody(['P']),
    });
    expect(evaluate.statusCode).toBe(404);
    expect((await orderRow(order.ordersCode))?.orderType).toBe('waitPay');
    expect((await orderRow(done.ordersCode))?.deletedAt).toBeNull();
  });
});

describe('cancel, confirm receipt, delete', () => {
  it('cancels an unpaid order once; a second cancel is 409 and changes nothing', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitPay');
    const reply = await put(`/v3/orders/${order.ordersCode}/platformCancel`, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ orderType: 'canceled', orderStatus: 50, orderStatusName: '已取消' });
    expect(reply.json().actions).toEqual(['rebuy', 'delete']);
    const before = await orderRow(order.ordersCode);
    const again = await put(`/v3/orders/${order.ordersCode}/platformCancel`, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: '当前订单状态不支持该操作' });
    expect(await orderRow(order.ordersCode)).toEqual(before);
  });

  it('cancels an unpaid prescription order waiting for the pharmacist (issue 12)', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitAudit', { rx: true });
    const reply = await put(`/v3/orders/${order.ordersCode}/platformCancel`, headers);
    expect(reply.statusCode).toBe(200);
    expect((await orderRow(order.ordersCode))?.orderType).toBe('canceled');
  });

  it.each(['waitDelivery', 'waitReceiving', 'waitEvaluate', 'completeTransaction'] as const)(
    'refuses to cancel an order in %s (409, unchanged)',
    async (type) => {
      const { member, headers } = await t.createSignedInMember();
      const order = await givenOrder(member.id, type);
      const reply = await put(`/v3/orders/${order.ordersCode}/platformCancel`, headers);
      expect(reply.statusCode).toBe(409);
      expect((await orderRow(order.ordersCode))?.orderType).toBe(type);
    },
  );

  it('lets only one of two parallel cancels succeed', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitPay');
    const replies = await Promise.all([
      put(`/v3/orders/${order.ordersCode}/platformCancel`, headers),
      put(`/v3/orders/${order.ordersCode}/platformCancel`, headers),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect((await orderRow(order.ordersCode))?.version).toBe(1);
  });

  it('lets only one of a parallel cancel and pay succeed', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitPay');
    const results = await Promise.allSettled([
      put(`/v3/orders/${order.ordersCode}/platformCancel`, headers).then((reply) => {
        if (reply.statusCode !== 200) throw new Error(String(reply.statusCode));
      }),
      t.db.transaction((tx) => orderService().applyOrderEvent(tx, order.ordersCode, 'pay')),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const row = await orderRow(order.ordersCode);
    expect(['canceled', 'waitDelivery']).toContain(row?.orderType);
    expect(row?.version).toBe(1);
  });

  it('confirms receipt of a shipped order; not of an unshipped one', async () => {
    const { member, headers } = await t.createSignedInMember();
    const shipped = await givenOrder(member.id, 'waitReceiving');
    const reply = await put(`/v3/orders/${shipped.ordersCode}/received`, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ orderType: 'waitEvaluate', orderStatus: 70, receivedAt: expect.any(String) });
    const unshipped = await givenOrder(member.id, 'waitDelivery');
    expect((await put(`/v3/orders/${unshipped.ordersCode}/received`, headers)).statusCode).toBe(409);
    expect((await put(`/v3/orders/${shipped.ordersCode}/received`, headers)).statusCode).toBe(409);
  });

  it('collects cash on delivery when a cash-on-delivery order is received', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitReceiving', { paymentType: 1 });
    expect((await orderRow(order.ordersCode))?.paidAt).toBeNull();
    await put(`/v3/orders/${order.ordersCode}/received`, headers);
    expect((await orderRow(order.ordersCode))?.paidAt).not.toBeNull();
  });

  it('deletes closed orders (statuses 50, 70, 150, 200) and hides them; refuses open ones', async () => {
    const { member, headers } = await t.createSignedInMember();
    for (const type of ['canceled', 'waitEvaluate', 'completeTransaction', 'refundCompleteTransaction'] as const) {
      const order = await givenOrder(member.id, type);
      const reply = await t.app.inject({
        method: 'DELETE',
        url: `${API}/v3/orders/${order.ordersCode}/delete`,
        headers,
      });
      expect(reply.statusCode, type).toBe(204);
      expect((await get(`/v3/orders/${order.ordersCode}`, headers)).statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `${API}/v3/orders/${order.ordersCode}/delete`,
        headers,
      });
      expect(again.statusCode).toBe(404);
    }
    expect((await get('/v3/orders', headers)).json().totalElements).toBe(0);
    for (const type of ['waitPay', 'waitDelivery', 'waitReceiving', 'refundOrder'] as const) {
      const order = await givenOrder(member.id, type);
      const reply = await t.app.inject({
        method: 'DELETE',
        url: `${API}/v3/orders/${order.ordersCode}/delete`,
        headers,
      });
      expect(reply.statusCode, type).toBe(409);
      expect((await orderRow(order.ordersCode))?.deletedAt).toBeNull();
    }
  });
});

describe('the state machine behind the service', () => {
  it('refuses payment of an incomplete prescription order with its own message', async () => {
    const { member } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitAudit', { rx: true });
    await expect(
      t.db.transaction((tx) => orderService().applyOrderEvent(tx, order.ordersCode, 'pay')),
    ).rejects.toMatchObject({ statusCode: 409, message: MSG.orderPrescriptionIncomplete });
    await t.db.update(orders).set({ isPrescriptionComplete: true }).where(eq(orders.id, order.id));
    const paid = await t.db.transaction((tx) => orderService().applyOrderEvent(tx, order.ordersCode, 'pay'));
    expect(paid).toMatchObject({ orderType: 'waitAudit', paidAt: expect.any(Date) });
    const passed = await t.db.transaction((tx) => orderService().applyOrderEvent(tx, order.ordersCode, 'auditPass'));
    expect(passed).toMatchObject({ orderType: 'waitDelivery', orderStatus: ORDER_STATUS_CODE.waitDelivery });
  });

  it('checks the member on member actions', async () => {
    const owner = await t.createSignedInMember();
    const order = await givenOrder(owner.member.id, 'waitPay');
    await expect(
      t.db.transaction((tx) =>
        orderService().applyOrderEvent(tx, order.ordersCode, 'cancel', { memberId: owner.member.id + 1 }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      t.db.transaction((tx) => orderService().applyOrderEvent(tx, 'AX-missing', 'pay')),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('automatic cancel of unpaid online orders', () => {
  it('cancels after ORDER_PAYMENT_TIMEOUT_MINUTES, not before, and never paid or cash-on-delivery orders', async () => {
    const member = await t.createMember();
    const place = (paymentType: number) =>
      t.db.transaction((tx) =>
        orderService().placeOrder(
          tx,
          { memberId: member.id, paymentType, ...ADDRESS, lines: [line('T1', '测试')] },
          { paymentTimeoutMinutes: t.app.services.config.ORDER_PAYMENT_TIMEOUT_MINUTES },
        ),
      );
    const unpaid = (await place(99)).order;
    const paid = (await place(99)).order;
    const cod = (await place(1)).order;
    expect(unpaid.payDeadline?.getTime()).toBe(unpaid.creationDate.getTime() + 30 * 60_000);
    expect(cod).toMatchObject({ orderType: 'waitDelivery', payDeadline: null });
    await t.db.transaction((tx) => orderService().applyOrderEvent(tx, paid.ordersCode, 'pay'));

    t.clock.advanceMinutes(29);
    await orderService().cancelExpiredOrders();
    expect((await orderRow(unpaid.ordersCode))?.orderType).toBe('waitPay');

    t.clock.advanceMinutes(2);
    expect(await orderService().cancelExpiredOrders()).toBeGreaterThanOrEqual(1);
    expect(await orderRow(unpaid.ordersCode)).toMatchObject({ orderType: 'canceled', cancelReason: 'timeout' });
    expect((await orderRow(paid.ordersCode))?.orderType).toBe('waitDelivery');
    expect((await orderRow(cod.ordersCode))?.orderType).toBe('waitDelivery');
    expect(await orderService().cancelExpiredOrders()).toBe(0);
  });
});

/** The url of a file `memberId` uploaded (the row the upload endpoint writes; the bytes are not needed here). */
async function givenUpload(memberId: number) {
  const name = `${randomBytes(18).toString('base64url')}.png`;
  await insertUpload(t.db, {
    name,
    memberId,
    module: 'common',
    contentType: 'image/png',
    byteSize: 100,
    width: 10,
    height: 10,
    createdAt: t.clock.now(),
  });
  return `/web-gateway/files/${name}`;
}

function evaluationBody(codes: string[], overrides: Record<string, unknown> = {}) {
  return {
    productEvaVos: codes.map((productCode, index) => ({
      productCode,
      score: 5,
      labels: [REVIEW_TAGS[0], REVIEW_TAGS[2]],
      content: '药品是正品，效果很好，物流也很快。',
      images: [],
      isAnonymity: index === codes.length - 1,
      ...overrides,
    })),
  };
}

describe('reviews', () => {
  let headers: Record<string, string>;
  let memberId: number;
  beforeAll(async () => {
    const signedIn = await t.createSignedInMember();
    headers = signedIn.headers;
    memberId = signedIn.member.id;
  });
  const post = (code: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `${API}/v3/orders/${code}/evaluate`, headers, payload: payload as object });
  const reviewCount = async (orderId: number) =>
    (await t.db.select().from(reviews).where(eq(reviews.orderId, orderId))).length;

  it('answers the products to review and the 7 tags', async () => {
    const order = await givenOrder(memberId, 'waitEvaluate', {
      lines: [line('R1', '甲'), line('R2', '乙'), line('R1', '甲'), line('R3', '套餐', { mark: 7 })],
    });
    const reply = await get(`/v3/orders/${order.ordersCode}/evaluate`, headers);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.tags).toHaveLength(7);
    expect(body.canEvaluate).toBe(true);
    expect(body.products.map((product: { productCode: string }) => product.productCode)).toEqual(['R1', 'R2']);
  });

  it('reviews every product, takes anonymity from the last item and completes the order', async () => {
    const order = await givenOrder(memberId, 'waitEvaluate', { lines: [line('E1', '甲'), line('E2', '乙')] });
    const reply = await post(order.ordersCode, evaluationBody(['E1', 'E2']));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      orderType: 'completeTransaction',
      orderStatus: 150,
      orderStatusName: '交易完成',
    });
    const written = await t.db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(written).toHaveLength(2);
    expect(written.every((review) => review.isAnonymity)).toBe(true);
    expect(written[0]).toMatchObject({ score: 5, labels: [REVIEW_TAGS[0], REVIEW_TAGS[2]], memberId });
    const form = (await get(`/v3/orders/${order.ordersCode}/evaluate`, headers)).json();
    expect(form.canEvaluate).toBe(false);
    expect(form.products[0].review).toMatchObject({ score: 5, isAnonymity: true });
    // A second submit: the order is no longer waiting for a review.
    const again = await post(order.ordersCode, evaluationBody(['E1', 'E2']));
    expect(again.statusCode).toBe(409);
    expect(await reviewCount(order.id)).toBe(2);
  });

  it.each([
    ['a product missing', (codes: string[]) => evaluationBody(codes.slice(0, 1)), MSG.reviewIncomplete],
    ['no score', (codes: string[]) => evaluationBody(codes, { score: 0 }), MSG.reviewIncomplete],
    ['six stars', (codes: string[]) => evaluationBody(codes, { score: 6 }), MSG.reviewIncomplete],
    ['no tag', (codes: string[]) => evaluationBody(codes, { labels: [] }), MSG.reviewIncomplete],
    ['an unknown tag', (codes: string[]) => evaluationBody(codes, { labels: ['好'] }), MSG.reviewIncomplete],
    ['no content', (codes: string[]) => evaluationBody(codes, { content: '   ' }), MSG.reviewIncomplete],
    [
      '9 characters',
      (codes: string[]) => evaluationBody(codes, { content: '一二三四五六七八九' }),
      MSG.reviewContentLength,
    ],
    [
      '451 characters',
      (codes: string[]) => evaluationBody(codes, { content: '好'.repeat(451) }),
      MSG.reviewContentLength,
    ],
    [
      'an outside image',
      (codes: string[]) => evaluationBody(codes, { images: ['https://evil.example/x.png'] }),
      MSG.reviewImageInvalid,
    ],
    ['an empty list', () => ({ productEvaVos: [] }), MSG.reviewIncomplete],
  ])('answers 400 for %s and writes nothing', async (_name, body, message) => {
    const order = await givenOrder(memberId, 'waitEvaluate', { lines: [line('V1', '甲'), line('V2', '乙')] });
    const reply = await post(order.ordersCode, body(['V1', 'V2']));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(await reviewCount(order.id)).toBe(0);
    expect((await orderRow(order.ordersCode))?.orderType).toBe('waitEvaluate');
  });

  it('accepts exactly 10 and 450 characters and images the member uploaded', async () => {
    const order = await givenOrder(memberId, 'waitEvaluate', { lines: [line('W1', '甲'), line('W2', '乙')] });
    const body = evaluationBody(['W1', 'W2']);
    body.productEvaVos[0]!.content = '一二三四五六七八九十';
    body.productEvaVos[1]!.content = '好'.repeat(450);
    const images = [await givenUpload(memberId), await givenUpload(memberId)];
    (body.productEvaVos[1] as { images: string[] }).images = images;
    expect((await post(order.ordersCode, body)).statusCode).toBe(200);
    const form = (await get(`/v3/orders/${order.ordersCode}/evaluate`, headers)).json();
    expect(form.products[1].review.images).toEqual(images);
  });

  it.each([
    ['a protocol-relative address', async () => '//evil.example/x.png'],
    ['a server path', async () => '/etc/passwd'],
    ['a site path that is no upload', async () => '/web-gateway/files/common/a.png'],
    ['an upload name that was never stored', async () => '/web-gateway/files/AAAAAAAAAAAAAAAAAAAAAAAA.png'],
    ['an upload of another member', async () => givenUpload((await t.createSignedInMember()).member.id)],
    ['a walk out of the files folder', async () => '/web-gateway/files/../../etc/passwd'],
  ])('refuses %s as a review image with a field message and writes nothing', async (_name, image) => {
    const order = await givenOrder(memberId, 'waitEvaluate', { lines: [line('U1', '甲'), line('U2', '乙')] });
    const body = evaluationBody(['U1', 'U2']);
    (body.productEvaVos[1] as { images: string[] }).images = [await givenUpload(memberId), await image()];
    const reply = await post(order.ordersCode, body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      message: MSG.reviewImageInvalid,
      fields: [{ field: 'productEvaVos.1.images.1', message: MSG.reviewImageInvalid }],
    });
    expect(await reviewCount(order.id)).toBe(0);
    expect((await orderRow(order.ordersCode))?.orderType).toBe('waitEvaluate');
  });

  it('refuses to review an order that is not waiting for a review', async () => {
    const order = await givenOrder(memberId, 'waitReceiving', { lines: [line('N1', '甲')] });
    const reply = await post(order.ordersCode, evaluationBody(['N1']));
    expect(reply.statusCode).toBe(409);
    expect(await reviewCount(order.id)).toBe(0);
  });
});

describe('logistics', () => {
  it('answers carrier, waybill, stages and the tracking entries newest first', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await t.db.transaction((tx) =>
      placeOrderInState(
        tx,
        {
          memberId: member.id,
          paymentType: 99,
          ...ADDRESS,
          lines: [line('G1', '甲')],
          target: 'waitReceiving',
          placedAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
          shipment: {
            companeName: '顺丰速运',
            shippingNo: 'SF1234567890',
            events: [
              { description: '快件已到达【北京朝阳集散中心】', minutesAfterShip: 600 },
              { description: '快件正在派送中', minutesAfterShip: 1200 },
            ],
          },
        },
        t.clock.now(),
      ),
    );
    const reply = await get(`/v2/orders/logistics?ordersCode=${order.ordersCode}`, { ...headers, platform: 'PC' });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      companeName: '顺丰速运',
      shippingNo: 'SF1234567890',
      orderCode: order.ordersCode,
      msg: '',
    });
    expect(body.logisticsList.map((entry: { description: string }) => entry.description)).toEqual([
      '快件正在派送中',
      '快件已到达【北京朝阳集散中心】',
      expect.stringContaining('已出库'),
    ]);
    expect(body.stages.map((stage: { name: string; reach: boolean }) => [stage.name, stage.reach])).toEqual([
      ['提交订单', true],
      ['付款成功', true],
      ['商品出库', true],
      ['确认收货', false],
      ['完成评价', false],
    ]);
  });

  it('says there is no tracking yet for an unshipped order', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'waitDelivery');
    const body = (await get(`/v2/orders/logistics?ordersCode=${order.ordersCode}`, headers)).json();
    expect(body).toMatchObject({ companeName: '', shippingNo: '', logisticsList: [], msg: '暂无物流信息' });
  });

  it('answers 400 without an order code', async () => {
    const { headers } = await t.createSignedInMember();
    expect((await get('/v2/orders/logistics', headers)).statusCode).toBe(400);
  });
});

describe('placing an order', () => {
  it('fixes money, the first state and the code format', async () => {
    const member = await t.createMember();
    const { order, lines } = await t.db.transaction((tx) =>
      createOrderService({ db: tx, clock: fixedClock(new Date('2026-03-01T18:00:00Z')) }).placeOrder(
        tx,
        {
          memberId: member.id,
          paymentType: 99,
          ...ADDRESS,
          transportCosts: 1000,
          couponValue: 500,
          lines: [line('C1', '甲', { amount: 3, actualPrice: 1990 }), line('C2', '处方药', { prescriptionType: 5 })],
        },
        { paymentTimeoutMinutes: 30 },
      ),
    );
    expect(order.ordersCode).toMatch(/^AX20260302\d{8}$/);
    expect(order).toMatchObject({
      orderType: 'waitAudit',
      orderStatus: 10,
      isRxDrug: true,
      productMoney: 3 * 1990 + 2 * 1250,
      sum: 3 * 1990 + 2 * 1250 + 1000 - 500,
    });
    expect(lines.map((l) => l.position)).toEqual([0, 1]);
  });
});

describe('rebuy', () => {
  it('puts the shown products back into the cart with their amounts, adding to what is there', async () => {
    const { member, headers } = await t.createSignedInMember();
    const [first, second, hidden] = CATALOGUE_PRODUCTS.filter((product) => product.prescriptionType === 2);
    const order = await givenOrder(member.id, 'completeTransaction', {
      lines: [
        line(first!.productCode, first!.name, { amount: 2 }),
        line(second!.productCode, second!.name, { amount: 1 }),
        line(hidden!.productCode, '套餐', { amount: 1, mark: 7 }),
        line('NOT-IN-CATALOGUE', '已下架商品'),
      ],
    });
    const reply = await put(`/v3/orders/${order.ordersCode}/rebuy`, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ added: 2 });
    const cart = async () =>
      Object.fromEntries(
        (await t.db.select().from(cartItems).where(eq(cartItems.memberId, member.id))).map((row) => [
          row.productCode,
          row.quantity,
        ]),
      );
    expect(await cart()).toEqual({ [first!.productCode]: 2, [second!.productCode]: 1 });
    await t.app.inject({
      method: 'PUT',
      url: `${API}/v3/orders/${order.ordersCode}/rebuy`,
      headers,
      payload: { sourceHost: 'localhost' },
    });
    expect(await cart()).toEqual({ [first!.productCode]: 4, [second!.productCode]: 2 });
  });

  const cartOf = async (memberId: number) =>
    Object.fromEntries(
      (await t.db.select().from(cartItems).where(eq(cartItems.memberId, memberId))).map((row) => [
        row.productCode,
        row.quantity,
      ]),
    );

  it('never puts a free gift or prize back into the cart, where it would cost the full price', async () => {
    const { member, headers } = await t.createSignedInMember();
    const [paid, gift, prize, zero] = CATALOGUE_PRODUCTS.filter((product) => product.prescriptionType === 2);
    const order = await givenOrder(member.id, 'completeTransaction', {
      lines: [
        line(paid!.productCode, paid!.name, { amount: 2 }),
        // Mark 3 with a combination is a gift, 3, 13 or 15 without one a prize; all came free.
        line(gift!.productCode, gift!.name, { amount: 1, mark: 3, actualPrice: 0, combinationId: 'G1' }),
        line(prize!.productCode, prize!.name, { amount: 1, mark: 13, actualPrice: 0 }),
        // A gift of the product bought: only the bought amount comes back.
        line(paid!.productCode, paid!.name, { amount: 1, mark: 3, actualPrice: 0 }),
        // Whatever its mark, a line that cost nothing was given away.
        line(zero!.productCode, zero!.name, { amount: 1, mark: 1, actualPrice: 0 }),
      ],
    });
    const reply = await put(`/v3/orders/${order.ordersCode}/rebuy`, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ added: 1 });
    expect(await cartOf(member.id)).toEqual({ [paid!.productCode]: 2 });
  });

  it('answers 409 加入购物车失败 for an order of gifts only, adding nothing', async () => {
    const { member, headers } = await t.createSignedInMember();
    const [gift] = CATALOGUE_PRODUCTS.filter((product) => product.prescriptionType === 2);
    const order = await givenOrder(member.id, 'canceled', {
      lines: [line(gift!.productCode, gift!.name, { amount: 1, mark: 3, actualPrice: 0 })],
    });
    const reply = await put(`/v3/orders/${order.ordersCode}/rebuy`, headers);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(MSG.rebuyFailed);
    expect(await cartOf(member.id)).toEqual({});
  });

  // Every order type of the state machine, ordinary and prescription: the server accepts rebuy exactly where the
  // page shows 再次购买 or 再次提交需求 (the order's own `actions`, which the page's buttons come from).
  const PAGE_OFFERS_REBUY: readonly OrderType[] = ['waitEvaluate', 'completeTransaction', 'canceled'];
  it.each(ORDER_TYPES.flatMap((type) => [false, true].map((rx) => [type, rx] as const)))(
    '%s (prescription %s): rebuy only where the page offers it, else 409 and the cart unchanged',
    async (type, rx) => {
      const { member, headers } = await t.createSignedInMember();
      const [product] = CATALOGUE_PRODUCTS.filter((item) => item.prescriptionType === 2);
      const [rxProduct] = CATALOGUE_PRODUCTS.filter((item) => item.prescriptionType === 4);
      const order = await givenOrder(member.id, type, {
        rx,
        lines: [
          line(product!.productCode, product!.name, { amount: 1 }),
          ...(rx ? [line(rxProduct!.productCode, rxProduct!.name, { amount: 1, prescriptionType: 4 })] : []),
        ],
      });
      const { actions } = (await get(`/v3/orders/${order.ordersCode}`, headers)).json();
      const isOffered = actions.includes('rebuy') || actions.includes('resubmit');
      expect(isOffered).toBe(PAGE_OFFERS_REBUY.includes(type));

      const reply = await put(`/v3/orders/${order.ordersCode}/rebuy`, headers);
      if (isOffered) {
        expect(reply.statusCode).toBe(200);
        expect(await cartOf(member.id)).toMatchObject({ [product!.productCode]: 1 });
      } else {
        expect(reply.statusCode).toBe(409);
        expect(reply.json()).toEqual({ code: 'CONFLICT', message: MSG.orderActionNotAllowed });
        expect(await cartOf(member.id)).toEqual({});
      }
    },
  );

  it('answers 409 for the code of a split order (the page shows and rebuys its sub-orders)', async () => {
    const { member, headers } = await t.createSignedInMember();
    const [first, second] = CATALOGUE_PRODUCTS.filter((product) => product.prescriptionType === 2);
    const order = await givenOrder(member.id, 'waitDelivery', {
      lines: [line(first!.productCode, first!.name), line(second!.productCode, second!.name)],
    });
    await t.db.transaction((tx) =>
      orderService().splitOrder(tx, order.ordersCode, [[first!.productCode], [second!.productCode]]),
    );
    const reply = await put(`/v3/orders/${order.ordersCode}/rebuy`, headers);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(MSG.orderActionNotAllowed);
    expect(await cartOf(member.id)).toEqual({});
  });

  it('answers 409 加入购物车失败 when no product of the order is sold any more', async () => {
    const { member, headers } = await t.createSignedInMember();
    const order = await givenOrder(member.id, 'canceled', { lines: [line('GONE-1', '已下架商品')] });
    const reply = await put(`/v3/orders/${order.ordersCode}/rebuy`, headers);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('加入购物车失败');
  });
});
