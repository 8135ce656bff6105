import { MSG } from '@anxin/shared/common/messages';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { orders } from '../orders/orders.module.ts';
import { guestPayLinks } from './guest-pay.schema.ts';

// 代客下单 in the console (docs/CONSOLE.md, guest.links): the order and its link as guest-order makes them,
// the links' states, ending one; each act audited.

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

const body = (phone = uniquePhone(), change: object = {}) => ({
  phone,
  items: [{ productCode: '1000101', quantity: 2 }],
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  detail: '科技园路1号',
  consignee: '王小明',
  payment: 'online',
  ...change,
});

describe('who may make guest links', () => {
  it('lets service and the admin in; other roles get 403, a member token or none 401', async () => {
    const calls = [
      (headers: Headers) => get(headers, '/admin/guest-links'),
      (headers: Headers) => post(headers, '/admin/guest-orders', { phone: 'x' }),
      (headers: Headers) => post(headers, '/admin/guest-links/AXNONE/end'),
    ];
    const expected: [StaffRole, number[]][] = [
      ['service', [200, 400, 404]],
      ['admin', [200, 400, 404]],
      ['pharmacist', [403, 403, 403]],
      ['warehouse', [403, 403, 403]],
      ['operations', [403, 403, 403]],
    ];
    for (const [role, statuses] of expected) {
      const { headers } = await t.signedInStaff([role]);
      for (const [index, call] of calls.entries()) expect((await call(headers)).statusCode, role).toBe(statuses[index]);
    }
    const member = await t.createSignedInMember();
    for (const call of calls) {
      expect((await call(member.headers)).statusCode).toBe(401);
      expect((await call({})).statusCode).toBe(401);
    }
  });
});

describe('POST /admin/guest-orders', () => {
  it('places the order, texts the link and answers it as sent; the act is audited as the agent', async () => {
    const { staff, headers } = await t.signedInStaff(['service']);
    const phone = uniquePhone();
    const reply = await post(headers, '/admin/guest-orders', body(phone));
    expect(reply.statusCode, reply.body).toBe(201);
    const link = reply.json();
    expect(link).toMatchObject({
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      consignee: '王小明',
      state: 'sent',
      orderType: 'waitPay',
      boundAt: null,
      isLocked: false,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.ordersCode, link.ordersCode));
    expect(order).toMatchObject({ paySource: 'guest-link', consigneePhone: phone });
    expect(order?.deliveryAddress).toContain('科技园路1号');
    const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(sms?.content).toMatch(new RegExp(`订单${link.ordersCode}.*/payJianke/entry\\?key=`));
    const [entry] = await auditOf(link.ordersCode);
    expect(entry).toMatchObject({
      actor: staff.loginName,
      roles: ['service'],
      action: 'guest.order',
      after: { payment: 'online', items: [{ productCode: '1000101', quantity: 2 }], isNewAccount: true },
    });
    expect(JSON.stringify(entry)).not.toContain(phone);
  });

  it('refuses bad fields with their messages and an unavailable product with 409, writing nothing', async () => {
    const { headers } = await t.signedInStaff(['service']);
    const refusals: [object, number, string][] = [
      [{ phone: '1234' }, 400, MSG.phoneMalformed],
      [
        {
          items: [
            { productCode: '1000101', quantity: 1 },
            { productCode: '1000101', quantity: 1 },
          ],
        },
        400,
        MSG.consoleItemsInvalid,
      ],
      [{ items: [{ productCode: '1000101', quantity: 0 }] }, 400, MSG.consoleQuantityInvalid],
      [{ detail: '' }, 400, MSG.detailAddressEmpty],
      [{ consignee: '' }, 400, MSG.consigneeEmpty],
      [{ items: [{ productCode: '9999999', quantity: 1 }] }, 409, `${MSG.productsUnavailable} (9999999)`],
    ];
    const before = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'guest.order'));
    for (const [change, status, message] of refusals) {
      const phone = uniquePhone();
      const reply = await post(headers, '/admin/guest-orders', body(phone, change));
      expect(reply.statusCode, JSON.stringify(change)).toBe(status);
      expect(reply.json().message).toBe(message);
      expect(await t.db.select().from(guestPayLinks).where(eq(guestPayLinks.phone, phone))).toEqual([]);
    }
    const after = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'guest.order'));
    expect(after).toHaveLength(before.length);
  });
});

describe('the links and their states', () => {
  it('lists newest first with sent, confirmed, paid, expired and ended; ends a live link once', async () => {
    const { staff, headers } = await t.signedInStaff(['service']);
    const place = async () => (await post(headers, '/admin/guest-orders', body())).json().ordersCode as string;
    const [sent, confirmed, paid, ended] = [await place(), await place(), await place(), await place()];
    const linkOf = async (code: string) => {
      const [order] = await t.db.select().from(orders).where(eq(orders.ordersCode, code));
      return order!;
    };
    await t.db
      .update(guestPayLinks)
      .set({ boundAt: t.clock.now() })
      .where(eq(guestPayLinks.orderId, (await linkOf(confirmed)).id));
    await t.db.update(orders).set({ paidAt: t.clock.now() }).where(eq(orders.ordersCode, paid));

    const ending = await post(headers, `/admin/guest-links/${ended}/end`);
    expect(ending.statusCode, ending.body).toBe(200);
    expect(ending.json()).toMatchObject({ ordersCode: ended, state: 'ended' });
    const again = await post(headers, `/admin/guest-links/${ended}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.guestLinkNoneLive);
    expect((await auditOf(ended)).map((entry) => [entry.action, entry.actor])).toEqual([
      ['guest.order', staff.loginName],
      ['guest.linkEnd', staff.loginName],
    ]);

    const stateOf = async (as = headers) => {
      const page = (await get(as, '/admin/guest-links')).json();
      return Object.fromEntries(
        page.content.map((item: { ordersCode: string; state: string }) => [item.ordersCode, item.state]),
      );
    };
    expect(await stateOf()).toMatchObject({
      [sent]: 'sent',
      [confirmed]: 'confirmed',
      [paid]: 'paid',
      [ended]: 'ended',
    });
    const codes = (await get(headers, '/admin/guest-links'))
      .json()
      .content.map((item: { ordersCode: string }) => item.ordersCode);
    expect(codes.indexOf(ended)).toBeLessThan(codes.indexOf(sent));

    // Past the bind window an unconfirmed link has expired; a confirmed one lives on until its end.
    t.clock.advance(25 * 3600_000);
    const { headers: nextShift } = await t.signedInStaff(['service']);
    expect(await stateOf(nextShift)).toMatchObject({ [sent]: 'expired', [confirmed]: 'confirmed', [ended]: 'ended' });
    const byPhone = (await get(nextShift, `/admin/guest-links?code=${sent}`)).json();
    expect(byPhone.content.map((item: { ordersCode: string }) => item.ordersCode)).toEqual([sent]);
  });

  it('the command line’s guest-order and guest-link-end are audited as ops', async () => {
    const phone = uniquePhone();
    const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);
    const made = await ops(
      'guest-order',
      phone,
      '1000101',
      '--address',
      '广东省 深圳市 南山区 科技园路1号',
      '--name',
      '王小明',
    );
    expect(made.ok, made.lines.join('\n')).toBe(true);
    const code = made.lines[0]?.match(/AX\d+/)?.[0] ?? '';
    expect((await ops('guest-link-end', code)).ok).toBe(true);
    expect((await ops('guest-link-end', code)).ok).toBe(false);
    const entries = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.objectId, code), eq(staffAuditLog.actor, 'ops')));
    expect(entries.map((entry) => entry.action)).toEqual(['guest.order', 'guest.linkEnd']);
  });
});
