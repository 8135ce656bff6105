import type { OrderType } from '@anxin/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findMemberOrderStats } from './member-order-stats.ts';
import { placeOrderInState } from './orders.fixtures.ts';
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
const FIRST_PAGE = '/v3/orders?type=all&page=1&size=4';
let sequence = 0;

/** An order placed in `target`; `holdSeconds` keeps its transaction open that long after placing it. */
async function givenOrder(memberId: number, target: OrderType, holdSeconds = 0) {
  sequence++;
  const now = t.clock.now();
  return t.db.transaction(async (tx) => {
    const order = await placeOrderInState(
      tx,
      {
        memberId,
        paymentType: 99,
        consignee: '张三',
        consigneePhone: '13912345678',
        deliveryAddress: '北京市 北京市 朝阳区 建国路88号',
        transportCosts: 0,
        couponValue: 0,
        lines: ['A', 'B'].map((suffix) => ({
          productCode: `S${sequence}${suffix}`,
          productName: `维生素C咀嚼片${sequence}${suffix}`,
          productImageUrl: null,
          packing: '10片/盒',
          amount: 1,
          actualPrice: 1000,
          prescriptionType: 2,
          classCode: '200101',
        })),
        isPrescriptionComplete: false,
        target,
        placedAt: new Date(now.getTime() - 10 * 86_400_000 + sequence * 60_000),
      },
      now,
    );
    if (holdSeconds) await tx.execute(sql`select pg_sleep(${holdSeconds})`);
    return order;
  });
}

/** What the stats should say, counted straight from the orders. */
async function countedByHand(memberId: number) {
  const rows = await queryRows<{ order_type: OrderType; n: number }>(
    t.db,
    sql`select order_type, count(*)::int as n from orders
        where member_id = ${memberId} and deleted_at is null and is_split = false group by order_type`,
  );
  return Object.fromEntries(rows.map((row) => [row.order_type, row.n]));
}

const get = async (url: string, headers: Record<string, string>) => {
  const reply = await t.app.inject({ method: 'GET', url: API + url, headers });
  expect(reply.statusCode).toBe(200);
  return reply;
};

describe('member order stats (kept by triggers)', () => {
  it('a member without orders has none, and version 0', async () => {
    const member = await t.createMember();
    expect(await findMemberOrderStats(t.db, member.id)).toEqual({ version: 0, counts: {} });
  });

  it('follow placing, every move, deleting, splitting and orders moved to another member by plain SQL', async () => {
    const member = await t.createMember();
    const versions: number[] = [];
    const expectInStep = async () => {
      const stats = await findMemberOrderStats(t.db, member.id);
      expect(stats.counts).toEqual(await countedByHand(member.id));
      versions.push(stats.version);
    };
    const unpaid = await givenOrder(member.id, 'waitPay');
    await expectInStep();
    await givenOrder(member.id, 'waitDelivery');
    const toSplit = await givenOrder(member.id, 'waitDelivery');
    const splitGroups = [[`S${sequence}A`], [`S${sequence}B`]];
    const finished = await givenOrder(member.id, 'canceled');
    await expectInStep();
    expect((await findMemberOrderStats(t.db, member.id)).counts).toEqual({ waitPay: 1, waitDelivery: 2, canceled: 1 });

    await t.db.transaction((tx) => orderService().applyOrderEvent(tx, unpaid.ordersCode, 'cancel'));
    await expectInStep();
    await t.db.execute(sql`update orders set deleted_at = now() where orders_code = ${finished.ordersCode}`);
    await expectInStep();
    await t.db.transaction((tx) => orderService().splitOrder(tx, toSplit.ordersCode, splitGroups));
    await expectInStep();
    expect((await findMemberOrderStats(t.db, member.id)).counts).toEqual({ canceled: 1, waitDelivery: 3 });

    const other = await t.createMember();
    await givenOrder(other.id, 'waitPay');
    await t.db.execute(sql`update orders set member_id = ${other.id} where member_id = ${member.id}`);
    await expectInStep();
    expect((await findMemberOrderStats(t.db, member.id)).counts).toEqual({});
    expect((await findMemberOrderStats(t.db, other.id)).counts).toEqual({ waitPay: 1, canceled: 1, waitDelivery: 3 });

    // Every write moved the version on.
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });

  it('count every order when two writers of one member overlap', async () => {
    const member = await t.createMember();
    await givenOrder(member.id, 'canceled');
    // The first holds the member's stats row until it commits; the second waits for it, then must count both.
    const slow = givenOrder(member.id, 'waitPay', 0.3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([slow, givenOrder(member.id, 'waitDelivery')]);
    expect((await findMemberOrderStats(t.db, member.id)).counts).toEqual({ canceled: 1, waitPay: 1, waitDelivery: 1 });
  });
});

describe('the first page of a tab, served again while nothing changed', () => {
  let headers: Record<string, string>;
  let memberId: number;
  let newest: string;

  beforeAll(async () => {
    const signedIn = await t.createSignedInMember();
    headers = signedIn.headers;
    memberId = signedIn.member.id;
    for (const type of ['completeTransaction', 'waitDelivery', 'waitReceiving', 'waitPay', 'waitPay'] as const) {
      newest = (await givenOrder(memberId, type)).ordersCode;
    }
  });

  it('is the same JSON as the page read afresh', async () => {
    const first = (await get(FIRST_PAGE, headers)).body;
    const again = await get(FIRST_PAGE, headers);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first);
    // /v3/orders/filter always reads afresh.
    expect((await get('/v3/orders/filter?type=all&page=1&size=4', headers)).body).toBe(first);
    expect(JSON.parse(first)).toMatchObject({ totalElements: 5, totalPages: 2, page: 1, size: 4 });
  });

  it('shows a change made outside the API (plain SQL, as another server or the operator would) on the next call', async () => {
    await get(FIRST_PAGE, headers);
    await t.db.execute(sql`update orders set consignee = '李四' where orders_code = ${newest}`);
    expect((await get(FIRST_PAGE, headers)).json().content[0].consignee).toBe('李四');
    await t.db.execute(sql`update order_lines set product_name = '板蓝根颗粒'
      where order_id = (select id from orders where orders_code = ${newest})`);
    const names = (await get(FIRST_PAGE, headers))
      .json()
      .content[0].orderProducts.map((product: { productName: string }) => product.productName);
    expect(names).toEqual(['板蓝根颗粒', '板蓝根颗粒']);
  });

  it('shows the member’s own action on the next call, in every tab', async () => {
    const waitPayTab = '/v3/orders?type=waitPay&page=1&size=4';
    expect((await get(waitPayTab, headers)).json().totalElements).toBe(2);
    await get(FIRST_PAGE, headers);
    const cancel = await t.app.inject({ method: 'PUT', url: `${API}/v3/orders/${newest}/platformCancel`, headers });
    expect(cancel.statusCode).toBe(200);
    expect((await get(FIRST_PAGE, headers)).json().content[0]).toMatchObject({
      ordersCode: newest,
      orderType: 'canceled',
    });
    expect((await get(waitPayTab, headers)).json().totalElements).toBe(1);
    expect((await get('/v3/orders/counts', headers)).json()).toMatchObject({ waitPay: 1 });
  });

  it('never answers another member’s page', async () => {
    await get(FIRST_PAGE, headers);
    const stranger = await t.createSignedInMember();
    await givenOrder(stranger.member.id, 'waitEvaluate');
    const theirs = (await get(FIRST_PAGE, stranger.headers)).json();
    expect(theirs.totalElements).toBe(1);
    expect(theirs.content[0].orderType).toBe('waitEvaluate');
    const empty = await t.createSignedInMember();
    expect((await get(FIRST_PAGE, empty.headers)).json()).toMatchObject({ content: [], totalElements: 0 });
  });
});
