import { MSG } from '@anxin/shared/common/messages';
import type { OrderType } from '@anxin/shared/orders/order-status';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { placeOrderInState } from './orders.fixtures.ts';
import { orders } from './orders.schema.ts';

// 订单 in the console (docs/CONSOLE.md): search and detail for orders.read, each act for its own permission,
// every act audited in its transaction, the service's refund limit.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway';
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const post = (headers: Headers, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload });
const auditOf = (code: string) => t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, code));
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0];

let sequence = 0;
/** An order in `target` reached through the real state machine: two products, 2 × ¥12.50 each plus freight. */
async function givenOrder(target: OrderType, options: { price?: number; phone?: string } = {}) {
  sequence++;
  const member = await t.createMember(options.phone ? { phone: options.phone } : {});
  const line = (code: string, name: string) => ({
    productCode: code,
    productName: name,
    packing: '10片/盒',
    amount: 2,
    actualPrice: options.price ?? 1250,
    prescriptionType: 2,
  });
  const now = t.clock.now();
  return t.db.transaction((tx) =>
    placeOrderInState(
      tx,
      {
        memberId: member.id,
        paymentType: 99,
        consignee: '张三',
        consigneePhone: '13912345678',
        deliveryAddress: '北京市 北京市 朝阳区 建国路88号',
        transportCosts: 800,
        lines: [line(`C${sequence}A`, `维生素C咀嚼片${sequence}`), line(`C${sequence}B`, `复方甘草片${sequence}`)],
        target,
        placedAt: new Date(now.getTime() - 3 * 86_400_000 - sequence * 1000),
      },
      now,
    ),
  );
}

describe('who may do what', () => {
  it('answers each role as its permissions say, a member token and none 401', async () => {
    const order = await givenOrder('waitDelivery');
    const code = order.ordersCode;
    // Each call is refused before the order is looked at, or fails on the order's state (409) once allowed:
    // an unknown order answers 404 to whoever may act on it.
    const calls: [string, (headers: Headers) => ReturnType<typeof get>][] = [
      ['search', (headers) => get(headers, '/admin/orders')],
      ['detail', (headers) => get(headers, `/admin/orders/${code}`)],
      ['ship', (headers) => post(headers, '/admin/orders/AXNONE/ship', { carrier: '顺丰速运', waybill: 'SF1234' })],
      ['logistics', (headers) => post(headers, '/admin/orders/AXNONE/logistics', { text: '到达北京' })],
      ['deliver', (headers) => post(headers, '/admin/orders/AXNONE/deliver')],
      ['split', (headers) => post(headers, '/admin/orders/AXNONE/split')],
      ['refund', (headers) => post(headers, '/admin/orders/AXNONE/refund')],
    ];
    const expected: Record<StaffRole, number[]> = {
      pharmacist: [200, 200, 403, 403, 403, 403, 403],
      service: [200, 200, 403, 403, 403, 403, 404],
      warehouse: [200, 200, 404, 404, 404, 404, 403],
      operations: [200, 200, 403, 403, 403, 403, 403],
      admin: [200, 200, 404, 404, 404, 404, 404],
    };
    for (const [role, statuses] of Object.entries(expected) as [StaffRole, number[]][]) {
      const { headers } = await t.signedInStaff([role]);
      for (const [index, [name, call]] of calls.entries()) {
        expect((await call(headers)).statusCode, `${role} ${name}`).toBe(statuses[index]);
      }
    }
    const member = await t.createSignedInMember();
    for (const [name, call] of calls) {
      expect((await call(member.headers)).statusCode, `member ${name}`).toBe(401);
      expect((await call({})).statusCode, `none ${name}`).toBe(401);
    }
    expect(await auditOf('AXNONE')).toEqual([]);
  });
});

describe('search and detail', () => {
  it('finds orders by code start, phone, status and day, newest first, phones masked', async () => {
    const phone = `1370000${String(process.pid % 10000).padStart(4, '0')}`;
    const first = await givenOrder('waitDelivery', { phone });
    const second = await givenOrder('canceled');
    const { headers } = await t.signedInStaff(['service']);
    const byCode = (await get(headers, `/admin/orders?code=${first.ordersCode.slice(0, -2).toLowerCase()}`)).json();
    expect(byCode.content.map((item: { ordersCode: string }) => item.ordersCode)).toContain(first.ordersCode);
    const byPhone = (await get(headers, `/admin/orders?phone=${phone}`)).json();
    expect(byPhone.content).toEqual([
      expect.objectContaining({
        ordersCode: first.ordersCode,
        orderType: 'waitDelivery',
        statusName: '待发货',
        sum: 5800,
        itemCount: 4,
        consignee: '张三',
        memberPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      }),
    ]);
    expect(byPhone.isTotalCapped).toBe(false);
    // The consignee's phone finds the order too, whoever placed it.
    const byConsignee = (await get(headers, `/admin/orders?phone=13912345678&code=${second.ordersCode}`)).json();
    expect(byConsignee.content.map((item: { ordersCode: string }) => item.ordersCode)).toEqual([second.ordersCode]);
    const byStatus = (await get(headers, '/admin/orders?status=canceled')).json();
    expect(byStatus.content.map((item: { ordersCode: string }) => item.ordersCode)).toContain(second.ordersCode);
    expect(byStatus.content.every((item: { orderType: string }) => item.orderType === 'canceled')).toBe(true);
    expect((await get(headers, `/admin/orders?phone=${phone}&to=2000-01-01`)).json().totalElements).toBe(0);
    const bad = await get(headers, '/admin/orders?status=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.consoleOrderStatusInvalid);
  });

  it('shows an order with its lines, money, consignee, timeline and what its state allows', async () => {
    const order = await givenOrder('waitDelivery');
    const { headers } = await t.signedInStaff(['warehouse']);
    const detail = (await get(headers, `/admin/orders/${order.ordersCode}`)).json();
    expect(detail).toMatchObject({
      ordersCode: order.ordersCode,
      orderType: 'waitDelivery',
      productMoney: 5000,
      transportCosts: 800,
      sum: 5800,
      consigneePhone: '13912345678',
      shipment: null,
      actions: ['ship', 'split', 'refund'],
      isRefundAboveLimit: false,
    });
    expect(detail.lines).toHaveLength(2);
    expect(detail.timeline.map((entry: { title: string }) => entry.title)).toEqual(['下单', '付款']);
    expect((await get(headers, '/admin/orders/AXNOSUCHORDER')).statusCode).toBe(404);
  });
});

describe('the acts', () => {
  it('ships, adds tracking and marks delivered: the member sees it, each act has its entry and shows on the timeline', async () => {
    const order = await givenOrder('waitDelivery');
    const { staff, headers } = await t.signedInStaff(['warehouse']);
    const url = `/admin/orders/${order.ordersCode}`;

    const badShip = await post(headers, `${url}/ship`, { carrier: '', waybill: '12' });
    expect(badShip.statusCode).toBe(400);
    expect(badShip.json().fields.map((field: { message: string }) => field.message)).toEqual([
      MSG.consoleCarrierInvalid,
      MSG.consoleWaybillInvalid,
    ]);
    const shipped = await post(headers, `${url}/ship`, { carrier: '顺丰速运', waybill: 'SF1234567890' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      orderType: 'waitReceiving',
      shipment: { carrier: '顺丰速运', waybill: 'SF1234567890' },
      actions: ['logistics', 'deliver', 'refund'],
    });
    const tracked = await post(headers, `${url}/logistics`, { text: '快件已到达【北京朝阳营业点】' });
    expect(tracked.json().shipment.events.map((event: { description: string }) => event.description)).toContain(
      '快件已到达【北京朝阳营业点】',
    );
    const delivered = await post(headers, `${url}/deliver`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().actions).toEqual(['logistics', 'refund']);
    // A second delivery is refused and adds no entry.
    expect((await post(headers, `${url}/deliver`)).statusCode).toBe(409);

    const entries = await auditOf(order.ordersCode);
    expect(entries.map((entry) => entry.action)).toEqual(['order.ship', 'order.logistics', 'order.deliver']);
    expect(entries[0]).toMatchObject({
      staffId: staff.id,
      actor: staff.loginName,
      roles: ['warehouse'],
      before: { orderType: 'waitDelivery' },
      after: { orderType: 'waitReceiving', carrier: '顺丰速运', waybill: 'SF1234567890' },
    });
    const timeline = (await get(headers, url)).json().timeline as { title: string; actor: string | null }[];
    expect(timeline).toContainEqual(expect.objectContaining({ title: '订单发货', actor: staff.loginName }));
    expect(timeline).toContainEqual(expect.objectContaining({ title: '快递签收', actor: null }));

    const member = (await orderRow(order.ordersCode))!;
    const memberHeaders = { authorization: (await t.signIn(member.memberId)).authorization };
    const logistics = await get(memberHeaders, `/v2/orders/logistics?ordersCode=${order.ordersCode}`);
    expect(logistics.statusCode, logistics.body).toBe(200);
    expect(logistics.body).toContain('SF1234567890');
  });

  it('splits into sub-orders by product; a bad grouping is refused and writes nothing', async () => {
    const order = await givenOrder('waitDelivery');
    const { headers } = await t.signedInStaff(['warehouse']);
    const url = `/admin/orders/${order.ordersCode}/split`;
    const [first] = (await get(headers, `/admin/orders/${order.ordersCode}`)).json().lines;
    const refused = await post(headers, url, { groups: [[first.productCode], [first.productCode]] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.consoleSplitInvalid);
    expect(await auditOf(order.ordersCode)).toEqual([]);

    const split = await post(headers, url);
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json()).toMatchObject({ isSplit: true, actions: [] });
    expect(split.json().children.map((child: { ordersCode: string }) => child.ordersCode)).toEqual([
      `${order.ordersCode}-1`,
      `${order.ordersCode}-2`,
    ]);
    const [entry] = await auditOf(order.ordersCode);
    expect(entry).toMatchObject({
      action: 'order.split',
      after: { children: [expect.any(Object), expect.any(Object)] },
    });
  });

  it('refunds up to ¥500.00 as service; above, only the admin; completing it is an act of its own', async () => {
    const small = await givenOrder('waitDelivery');
    const large = await givenOrder('waitDelivery', { price: 15_000 });
    const { headers: service } = await t.signedInStaff(['service']);
    const { headers: admin } = await t.signedInStaff(['admin']);

    const started = await post(service, `/admin/orders/${small.ordersCode}/refund`);
    expect(started.statusCode, started.body).toBe(200);
    // Paid online: 退款 stays offered (it sends the refund to the payment channel again, payments/refunds.test.ts).
    expect(started.json()).toMatchObject({ orderType: 'refundOrder', actions: ['refund', 'refundComplete'] });
    const done = await post(service, `/admin/orders/${small.ordersCode}/refund`, { complete: true });
    expect(done.json().orderType).toBe('refundCompleteTransaction');
    expect((await auditOf(small.ordersCode)).map((entry) => entry.action)).toEqual([
      'order.refund',
      'order.refundComplete',
    ]);

    expect((await get(service, `/admin/orders/${large.ordersCode}`)).json().isRefundAboveLimit).toBe(true);
    const refused = await post(service, `/admin/orders/${large.ordersCode}/refund`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.consoleRefundOverLimit);
    expect((await orderRow(large.ordersCode))?.orderType).toBe('waitDelivery');
    expect(await auditOf(large.ordersCode)).toEqual([]);
    const byAdmin = await post(admin, `/admin/orders/${large.ordersCode}/refund`);
    expect(byAdmin.json().orderType).toBe('refundOrder');

    // An order whose state allows no refund: 409, no entry.
    const unpaid = await givenOrder('waitPay');
    expect((await post(service, `/admin/orders/${unpaid.ordersCode}/refund`)).statusCode).toBe(409);
    expect(await auditOf(unpaid.ordersCode)).toEqual([]);
  });

  it('the command line’s acts are audited as ops', async () => {
    const order = await givenOrder('waitDelivery');
    const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);
    expect((await ops('ship', order.ordersCode, '顺丰速运', 'SF99887766')).ok).toBe(true);
    expect((await ops('logistics', order.ordersCode, '派送中')).ok).toBe(true);
    expect((await ops('deliver', order.ordersCode)).ok).toBe(true);
    const entries = await auditOf(order.ordersCode);
    expect(entries.map((entry) => [entry.actor, entry.action])).toEqual([
      ['ops', 'order.ship'],
      ['ops', 'order.logistics'],
      ['ops', 'order.deliver'],
    ]);
  });
});
