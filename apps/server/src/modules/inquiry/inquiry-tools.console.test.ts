import { MSG } from '@anxin/shared/common/messages';
import { DEFAULT_RX_ORDER_SETTINGS } from '@anxin/shared/inquiry/inquiry.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { givenDiseases, givenPatient, inquiryBody } from './inquiry.fixtures.ts';
import { inquiryLinks } from './inquiry.schema.ts';
import { readRxOrderSettings, updateRxOrderSettings } from './rx-settings.ts';

// 问诊链接 and 处方设置 in the console (docs/CONSOLE.md): what `npm run ops -- inquiry-link|rx-settings` do, for
// rx.links and rx.settings, each act audited in its own transaction.

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
const call = (method: 'GET' | 'POST' | 'PUT', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
const auditOf = (objectId: string, action: string) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.objectId, objectId), eq(staffAuditLog.action, action)));

/** A prescription order whose inquiry waits for the pharmacist. */
async function waitingInquiry() {
  const placed = await memberWithOrder(t, '1000401');
  const patient = await givenPatient(t, placed.member.id);
  const submitted = await call(
    'POST',
    placed.headers,
    `/v2/orders/inquiry/perfect/${placed.order.ordersCode}`,
    inquiryBody(patient.id, '1000401', ['I10']),
  );
  expect(submitted.statusCode, submitted.body).toBe(200);
  return placed;
}

/** The key of the order's latest inquiry-link SMS. */
async function keyTextedFor(ordersCode: string) {
  const [sms] = await t.db
    .select()
    .from(smsOutbox)
    .where(like(smsOutbox.content, `%${ordersCode}%`))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  expect(sms?.content).toContain('/user/patientInfo/complete?useKey=');
  return new URL(sms!.content.slice(sms!.content.indexOf('http'))).searchParams.get('useKey')!;
}

describe('who may use the Rx tools', () => {
  it('lets the pharmacist and the admin in; other roles get 403, a member token or none 401', async () => {
    const routes = [
      (headers: Headers) => call('GET', headers, '/admin/inquiry-links'),
      (headers: Headers) => call('POST', headers, '/admin/inquiry-links', { ordersCode: 'AXNOSUCH', kind: 'complete' }),
      (headers: Headers) => call('POST', headers, '/admin/inquiry-links/999999999/end'),
      (headers: Headers) => call('GET', headers, '/admin/rx-settings'),
      (headers: Headers) => call('PUT', headers, '/admin/rx-settings', { isDiseaseRequired: 'x' }),
    ];
    const expected: [StaffRole, number[]][] = [
      ['pharmacist', [200, 404, 404, 200, 400]],
      ['admin', [200, 404, 404, 200, 400]],
      ['service', [403, 403, 403, 403, 403]],
      ['warehouse', [403, 403, 403, 403, 403]],
      ['operations', [403, 403, 403, 403, 403]],
    ];
    for (const [role, statuses] of expected) {
      const { headers } = await t.signedInStaff([role]);
      for (const [index, route] of routes.entries())
        expect((await route(headers)).statusCode, `${role} ${index}`).toBe(statuses[index]);
    }
    const member = await t.createSignedInMember();
    for (const route of routes) {
      expect((await route(member.headers)).statusCode).toBe(401);
      expect((await route({})).statusCode).toBe(401);
    }
  });
});

describe('问诊链接', () => {
  it('makes a link for a waiting order, texts it to the consignee and lists it; the act is audited', async () => {
    const { order } = await waitingInquiry();
    const { staff, headers } = await t.signedInStaff(['pharmacist']);
    const reply = await call('POST', headers, '/admin/inquiry-links', {
      ordersCode: order.ordersCode,
      kind: 'chronic',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const link = reply.json();
    expect(link).toMatchObject({
      ordersCode: order.ordersCode,
      kind: 'chronic',
      state: 'live',
      orderType: 'waitAudit',
      phone: expect.stringMatching(/^1\d{2}\*{4}\d{4}$/),
      completedAt: null,
    });
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(24 * 3600_000);
    // The key travels only in the SMS.
    const [row] = await t.db.select().from(inquiryLinks).where(eq(inquiryLinks.id, link.id));
    expect(reply.body).not.toContain(await keyTextedFor(order.ordersCode));
    expect(row?.kind).toBe('chronic');

    const [entry] = await auditOf(order.ordersCode, 'rx.linkCreate');
    expect(entry).toMatchObject({ staffId: staff.id, roles: ['pharmacist'], objectType: 'order' });
    expect(entry?.after).toMatchObject({ linkId: link.id, kind: 'chronic', phone: link.phone });

    const list = (await call('GET', headers, `/admin/inquiry-links?code=${order.ordersCode}`)).json();
    expect(list).toMatchObject({ totalElements: 1, content: [{ id: link.id, state: 'live' }] });
  });

  it('refuses an order that needs no link, writes nothing, and says why in Chinese', async () => {
    const { headers } = await t.signedInStaff(['pharmacist']);
    const plain = await memberWithOrder(t, '1000101');
    const notRx = await call('POST', headers, '/admin/inquiry-links', {
      ordersCode: plain.order.ordersCode,
      kind: 'complete',
    });
    expect(notRx.statusCode).toBe(409);
    expect(notRx.json().message).toBe(MSG.inquiryNotNeeded);
    const noInquiry = await memberWithOrder(t, '1000401');
    const waiting = await call('POST', headers, '/admin/inquiry-links', {
      ordersCode: noInquiry.order.ordersCode,
      kind: 'complete',
    });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(MSG.inquiryNotWaiting);
    const bad = await call('POST', headers, '/admin/inquiry-links', { ordersCode: '', kind: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'ordersCode', message: MSG.consoleOrdersCodeEmpty },
        { field: 'kind', message: MSG.inquiryLinkKindInvalid },
      ]),
    );
    for (const code of [plain.order.ordersCode, noInquiry.order.ordersCode]) {
      expect(await auditOf(code, 'rx.linkCreate')).toEqual([]);
      const [found] = await t.db.select().from(orders).where(eq(orders.ordersCode, code));
      expect(await t.db.select().from(inquiryLinks).where(eq(inquiryLinks.orderId, found!.id))).toEqual([]);
    }
  });

  it('ends a live link once: the shopper’s key answers 410, the list says 已结束, a second end is 409', async () => {
    const placed = await waitingInquiry();
    const { headers } = await t.signedInStaff(['admin']);
    const link = (
      await call('POST', headers, '/admin/inquiry-links', { ordersCode: placed.order.ordersCode, kind: 'complete' })
    ).json();
    const key = await keyTextedFor(placed.order.ordersCode);
    expect((await call('GET', placed.headers, `/v2/orders/ordersPatient/${key}`)).statusCode).toBe(200);

    t.clock.advanceMinutes(5);
    const ended = await call('POST', headers, `/admin/inquiry-links/${link.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ id: link.id, state: 'ended' });
    expect((await call('GET', placed.headers, `/v2/orders/ordersPatient/${key}`)).statusCode).toBe(410);
    expect(await auditOf(placed.order.ordersCode, 'rx.linkEnd')).toHaveLength(1);

    const again = await call('POST', headers, `/admin/inquiry-links/${link.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.inquiryLinkNotLive);
    expect(await auditOf(placed.order.ordersCode, 'rx.linkEnd')).toHaveLength(1);

    // Days later (a staff sign-in lasts 8 hours: signed in afresh), a second link runs its full 72 hours.
    t.clock.advanceMinutes(72 * 60);
    const later = await t.signedInStaff(['pharmacist']);
    const other = (
      await call('POST', later.headers, '/admin/inquiry-links', {
        ordersCode: placed.order.ordersCode,
        kind: 'complete',
      })
    ).json();
    t.clock.advanceMinutes(72 * 60);
    const last = await t.signedInStaff(['pharmacist']);
    const list = (await call('GET', last.headers, `/admin/inquiry-links?code=${placed.order.ordersCode}`)).json();
    expect(list.content.map((item: { id: number; state: string }) => [item.id, item.state])).toEqual([
      [other.id, 'expired'],
      [link.id, 'ended'],
    ]);
  });

  it('audits the command line’s link as ops', async () => {
    const { order } = await waitingInquiry();
    const made = await runOpsCommand(t.opsDeps(), ['inquiry-link', order.ordersCode]);
    expect(made.ok).toBe(true);
    const [entry] = await auditOf(order.ordersCode, 'rx.linkCreate');
    expect(entry).toMatchObject({ actor: 'ops', staffId: null });
  });
});

describe('处方设置', () => {
  beforeEach(async () => {
    await updateRxOrderSettings(t.db, DEFAULT_RX_ORDER_SETTINGS, t.clock);
  });

  it('reads the settings in force and changes some of them; the log has the changed ones before → after', async () => {
    const { staff, headers } = await t.signedInStaff(['pharmacist']);
    expect((await call('GET', headers, '/admin/rx-settings')).json()).toEqual(DEFAULT_RX_ORDER_SETTINGS);
    const reply = await call('PUT', headers, '/admin/rx-settings', {
      isPrescriptionImageRequired: true,
      prepositionCheckType: 2,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const expected = { ...DEFAULT_RX_ORDER_SETTINGS, isPrescriptionImageRequired: true, prepositionCheckType: 2 };
    expect(reply.json()).toEqual(expected);
    expect(await readRxOrderSettings(t.db)).toEqual(expected);
    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'rx.settings'), eq(staffAuditLog.staffId, staff.id)));
    expect(entry).toMatchObject({
      objectType: 'settings',
      objectId: 'rx-order-settings',
      before: { isPrescriptionImageRequired: false, prepositionCheckType: 1 },
      after: { isPrescriptionImageRequired: true, prepositionCheckType: 2 },
    });
  });

  it('refuses a bad change with each field’s message and changes nothing', async () => {
    const { staff, headers } = await t.signedInStaff(['pharmacist']);
    const cases: [object, { field: string; message: string }[]][] = [
      [{ isDiseaseRequired: 'no' }, [{ field: 'isDiseaseRequired', message: MSG.rxSettingSwitchInvalid }]],
      [
        { isDiseaseRequired: false, strictControlRxRuleType: 12 },
        [{ field: 'strictControlRxRuleType', message: MSG.rxSettingRuleTypeInvalid }],
      ],
    ];
    for (const [body, fields] of cases) {
      const reply = await call('PUT', headers, '/admin/rx-settings', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().fields).toEqual(fields);
    }
    for (const [body, message] of [
      [{ isAnything: true }, MSG.rxSettingUnknown],
      [{}, MSG.rxSettingsNothingChanged],
    ] as const) {
      const reply = await call('PUT', headers, '/admin/rx-settings', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    expect(await readRxOrderSettings(t.db)).toEqual(DEFAULT_RX_ORDER_SETTINGS);
    expect(await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, staff.id))).toEqual([]);
  });

  it('the command line takes the same settings, refuses the same values and is audited as ops', async () => {
    const refused = await runOpsCommand(t.opsDeps(), ['rx-settings', 'strictControlRxRuleType=12']);
    expect(refused.ok).toBe(false);
    expect(refused.lines.join('\n')).toContain(MSG.rxSettingRuleTypeInvalid);
    const changed = await runOpsCommand(t.opsDeps(), ['rx-settings', 'isDiseaseRequired=false']);
    expect(changed.ok).toBe(true);
    expect((await readRxOrderSettings(t.db)).isDiseaseRequired).toBe(false);
    const entries = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'rx.settings'), eq(staffAuditLog.actor, 'ops')));
    expect(entries.at(-1)).toMatchObject({ before: { isDiseaseRequired: true }, after: { isDiseaseRequired: false } });
  });
});
