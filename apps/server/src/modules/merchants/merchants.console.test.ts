import { randomUUID } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { OPERATIONS_MSG } from '@anxin/shared/staff/console-operations.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { uploads } from '../uploads/uploads.module.ts';

// 商家入驻 in the console (docs/CONSOLE.md): the applications by state, one with its photos, approve and reject
// with the command's state rules, each verdict audited; the roles that may and may not.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway/admin/merchant-applications';
const get = (headers: Headers, url = '') => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const post = (headers: Headers, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload });
const auditOf = (id: number) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.objectType, 'merchant-application'), eq(staffAuditLog.objectId, String(id))));

/** A private upload of the member (what POST /v2/upload writes after checking the bytes); its files URL. */
async function givenUpload(memberId: number) {
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

let sequence = 0;
/** A pending application made through the member's API; answers its id, company and the member's headers. */
async function givenApplication() {
  sequence++;
  const { member, headers } = await t.createSignedInMember();
  const companyName = `安心示范${sequence}号大药房有限公司`;
  const reply = await t.app.inject({
    method: 'POST',
    url: '/web-gateway/v2/merchants/entry',
    headers,
    payload: {
      companyName,
      creditCode: '91350100M000100Y43',
      drugLicenceNo: '粤AA7550001',
      contactName: '王经理',
      contactPhone: '13912345678',
      businessLicenceImage: await givenUpload(member.id),
      drugLicenceImage: await givenUpload(member.id),
    },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return { id: reply.json().id as number, companyName, headers };
}

describe('who may', () => {
  it('lets operations and admin review; other roles 403, a member token and none 401', async () => {
    const { id } = await givenApplication();
    // Each call is refused before the application is looked at; an allowed verdict on an unknown one is 404.
    const calls: [string, (headers: Headers) => ReturnType<typeof get>][] = [
      ['list', (headers) => get(headers)],
      ['detail', (headers) => get(headers, `/${id}`)],
      ['approve', (headers) => post(headers, '/999999/approve')],
      ['reject', (headers) => post(headers, '/999999/reject', { reason: '营业执照照片不清晰' })],
    ];
    const expected: Record<StaffRole, number[]> = {
      operations: [200, 200, 404, 404],
      admin: [200, 200, 404, 404],
      pharmacist: [403, 403, 403, 403],
      service: [403, 403, 403, 403],
      warehouse: [403, 403, 403, 403],
    };
    for (const [role, statuses] of Object.entries(expected) as [StaffRole, number[]][]) {
      const { headers } = await t.signedInStaff([role]);
      for (const [index, [name, call]] of calls.entries()) {
        const reply = await call(headers);
        expect(reply.statusCode, `${role} ${name}`).toBe(statuses[index]);
        if (reply.statusCode === 403) expect(reply.json().message).toBe(MSG.staffForbidden);
      }
    }
    const member = await t.createSignedInMember();
    for (const [name, call] of calls) {
      expect((await call(member.headers)).statusCode, `member ${name}`).toBe(401);
      expect((await call({})).statusCode, `none ${name}`).toBe(401);
    }
  });
});

describe('the applications', () => {
  it('lists them newest first by state, phones masked, and shows one with its photos', async () => {
    const older = await givenApplication();
    const newer = await givenApplication();
    const { headers } = await t.signedInStaff(['operations']);
    const pending = (await get(headers, '?state=pending')).json();
    expect(pending.content.map((item: { id: number }) => item.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(pending.content[0]).toMatchObject({
      companyName: newer.companyName,
      contactPhone: '139****5678',
      status: 0,
      reviewer: null,
    });
    expect(pending.size).toBe(20);
    expect((await get(headers, '?state=approved')).json().content).toEqual([]);
    const bad = await get(headers, '?state=unknown');
    expect(bad.statusCode).toBe(400);

    const detail = (await get(headers, `/${older.id}`)).json();
    expect(detail).toMatchObject({ id: older.id, contactPhone: '139****5678', contactPhoneFull: '13912345678' });
    for (const url of [detail.businessLicenceImageUrl, detail.drugLicenceImageUrl]) {
      expect(url).toMatch(/^\/web-gateway\/v2\/upload\/private\/[\w-]+\.png\?exp=\d+&sig=[\w-]+$/);
    }
    expect(detail.businessLicenceImageUrl).not.toBe(detail.drugLicenceImageUrl);
    expect((await get(headers, '/999999')).statusCode).toBe(404);
    expect((await get(headers, '/abc')).json().message).toBe(OPERATIONS_MSG.merchantIdInvalid);
  });

  it('approves a pending one once: the applicant sees 已通过, a second verdict is 409 in Chinese; audited', async () => {
    const application = await givenApplication();
    const { headers, staff } = await t.signedInStaff(['operations']);
    const approved = await post(headers, `/${application.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 1, reviewer: staff.loginName, rejectReason: null });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/web-gateway/v2/merchants/entry',
      headers: application.headers,
    });
    expect(mine.json().entry).toMatchObject({ status: 1 });

    for (const again of [
      await post(headers, `/${application.id}/approve`),
      await post(headers, `/${application.id}/reject`, { reason: '重复' }),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(OPERATIONS_MSG.merchantAlreadyReviewed);
    }
    expect(await auditOf(application.id)).toEqual([
      expect.objectContaining({
        action: 'merchant.approve',
        actor: staff.loginName,
        roles: ['operations'],
        before: { status: '审核中' },
        after: { status: '已通过', companyName: application.companyName },
      }),
    ]);
  });

  it('rejects with a reason the applicant sees; no reason, or one too long, is refused and changes nothing', async () => {
    const application = await givenApplication();
    const { headers } = await t.signedInStaff(['admin']);
    for (const [payload, message] of [
      [{}, OPERATIONS_MSG.merchantRejectReasonEmpty],
      [{ reason: '   ' }, OPERATIONS_MSG.merchantRejectReasonEmpty],
      [{ reason: '字'.repeat(101) }, OPERATIONS_MSG.merchantRejectReasonTooLong],
    ] as const) {
      const refused = await post(headers, `/${application.id}/reject`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual([{ field: 'reason', message }]);
    }
    expect((await get(headers, `/${application.id}`)).json().status).toBe(0);
    expect(await auditOf(application.id)).toEqual([]);

    const rejected = await post(headers, `/${application.id}/reject`, { reason: ' 营业执照照片不清晰 ' });
    expect(rejected.json()).toMatchObject({ status: 2, rejectReason: '营业执照照片不清晰' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/web-gateway/v2/merchants/entry',
      headers: application.headers,
    });
    expect(mine.json().entry).toMatchObject({ status: 2, rejectReason: '营业执照照片不清晰' });
    expect((await auditOf(application.id))[0]).toMatchObject({
      action: 'merchant.reject',
      after: { status: '未通过', reason: '营业执照照片不清晰' },
    });
  });

  it('records the command line’s verdict as ops', async () => {
    const application = await givenApplication();
    const done = await runOpsCommand(t.opsDeps(), ['merchant-entry', String(application.id), 'approve']);
    expect(done.ok, done.lines.join('\n')).toBe(true);
    const { headers } = await t.signedInStaff(['operations']);
    expect((await get(headers, `/${application.id}`)).json().reviewer).toBe('ops');
    expect(await auditOf(application.id)).toEqual([
      expect.objectContaining({ action: 'merchant.approve', actor: 'ops', staffId: null }),
    ]);
  });
});
