import { chinaDayOf, DASHBOARD_DAYS } from '@anxin/shared/staff/console.contract';
import { STAFF_ROLES } from '@anxin/shared/staff/staff-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { givenDiseases, givenPatient, inquiryBody } from '../inquiry/inquiry.fixtures.ts';
import { placeOrderInState } from '../orders/orders.fixtures.ts';
import { medianOf } from './dashboard.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await givenDiseases(t);
});
afterAll(async () => {
  await t?.close();
});

const API = '/web-gateway';
const dashboard = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `${API}/admin/dashboard`, headers });
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);

/** Moves the clock to 10:00 in China on the next day, so that nothing the test does crosses midnight. */
function toMorning() {
  const now = t.clock.now();
  const nextDay = Date.parse(`${chinaDayOf(new Date(now.getTime() + 86_400_000))}T10:00:00+08:00`);
  t.clock.advance(nextDay - now.getTime());
}

/** A prescription order whose inquiry waits for the pharmacist, submitted now. */
async function waitingInquiry() {
  const placed = await memberWithOrder(t, '1000401');
  const patient = await givenPatient(t, placed.member.id);
  const reply = await t.app.inject({
    method: 'POST',
    url: `${API}/v2/orders/inquiry/perfect/${placed.order.ordersCode}`,
    headers: placed.headers,
    payload: inquiryBody(patient.id, '1000401', ['I10']),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return placed.order.ordersCode;
}

const guestOrder = async () => {
  const made = await ops(
    'guest-order',
    uniquePhone(),
    '1000101',
    '--address',
    '广东省 深圳市 南山区 科技园路1号',
    '--name',
    '王小明',
  );
  expect(made.ok, made.lines.join('\n')).toBe(true);
  return made.lines[0]?.match(/AX\d+/)?.[0] ?? '';
};

describe('GET /admin/dashboard', () => {
  it('answers every signed-in staff member, whatever the roles; a member token or none 401', async () => {
    for (const role of STAFF_ROLES) {
      const { headers } = await t.signedInStaff([role]);
      expect((await dashboard(headers)).statusCode, role).toBe(200);
    }
    const member = await t.createSignedInMember();
    expect((await dashboard(member.headers)).statusCode).toBe(401);
    expect((await dashboard({})).statusCode).toBe(401);
  });

  it('counts today’s orders, waiting reviews and their median wait, open guest links, the backlog, 30 days', async () => {
    toMorning();
    const { headers } = await t.signedInStaff(['service']);
    const before = (await dashboard(headers)).json();

    // Three inquiries 0, 20 and 30 minutes before the reading; the newest is reviewed: waits 30 and 10.
    await waitingInquiry();
    t.clock.advanceMinutes(20);
    await waitingInquiry();
    t.clock.advanceMinutes(10);
    const reviewed = await waitingInquiry();
    expect((await ops('audit', reviewed, 'pass', '--pharmacist', '王药师')).ok).toBe(true);
    // Two guest links, one ended; an order placed three days ago and paid, waiting to ship.
    await guestOrder();
    const ended = await guestOrder();
    expect((await ops('guest-link-end', ended)).ok).toBe(true);
    const member = await t.createMember();
    const threeDaysAgo = new Date(t.clock.now().getTime() - 3 * 86_400_000);
    await t.db.transaction((tx) =>
      placeOrderInState(
        tx,
        {
          memberId: member.id,
          paymentType: 99,
          consignee: '张三',
          consigneePhone: '13912345678',
          deliveryAddress: '北京市 北京市 朝阳区 建国路88号',
          lines: [{ productCode: 'D1', productName: '维生素C', amount: 1, actualPrice: 990, prescriptionType: 2 }],
          target: 'waitDelivery',
          placedAt: threeDaysAgo,
        },
        t.clock.now(),
      ),
    );

    const reply = await dashboard(headers);
    expect(reply.statusCode, reply.body).toBe(200);
    const figures = reply.json();
    expect(figures).toMatchObject({
      todayOrders: before.todayOrders + 5,
      waitingReviews: before.waitingReviews + 2,
      medianReviewWaitMinutes: 20,
      openGuestLinks: before.openGuestLinks + 1,
      shippingBacklog: before.shippingBacklog + 1,
    });
    expect(figures.days).toHaveLength(DASHBOARD_DAYS);
    const today = chinaDayOf(t.clock.now());
    expect(figures.days.at(-1)).toMatchObject({ date: today, rxReviews: 1 });
    expect(figures.days.at(-1).orders).toBe(figures.todayOrders);
    expect(figures.days.at(-4)).toMatchObject({ date: chinaDayOf(threeDaysAgo) });
    expect(figures.days.at(-4).orders).toBeGreaterThanOrEqual(1);
    expect(figures.days[0].date < figures.days.at(-1).date).toBe(true);
  });

  it('takes the median of an even count as the mean of the two middle waits', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([30, 10])).toBe(20);
    expect(medianOf([5, 50, 7])).toBe(7);
  });
});
