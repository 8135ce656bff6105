import { MSG } from '@anxin/shared/common/messages';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from './audit.schema.ts';
import { recordAudit } from './audit.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API = '/web-gateway';
const ID_NUMBER = '11010519491231002X';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers });

const actor = (id: number, loginName: string, roles: StaffRole[] = ['warehouse']) => ({ id, loginName, roles });

describe('recordAudit', () => {
  it('writes the entry with the act’s transaction: a rolled-back act leaves none', async () => {
    const objectId = `AXROLLBACK${Date.now()}`;
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: actor(1, 'somebody'),
          at: t.clock.now(),
          action: 'order.ship',
          objectType: 'order',
          objectId,
        });
        throw new Error('the act failed after the entry');
      }),
    ).rejects.toThrow('the act failed');
    expect(await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, objectId))).toEqual([]);
  });

  it('never stores a full ID number nor a password, secret or hash, at any depth', async () => {
    const objectId = `PATIENT${Date.now()}`;
    await t.db.transaction((tx) =>
      recordAudit(tx, {
        actor: OPS_ACTOR,
        at: t.clock.now(),
        action: 'patient.fix',
        objectType: 'patient',
        objectId,
        before: { certificateNumber: 'E12345678', password: 'Secret@2026', note: `证件 ${ID_NUMBER} 已核对` },
        after: { guardian: { cardNum: ID_NUMBER, passwordHash: '$argon2id$…' }, list: [ID_NUMBER], totpSecret: 'X' },
      }),
    );
    const [row] = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, objectId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ID_NUMBER);
    expect(stored).not.toContain('E12345678');
    expect(stored).not.toMatch(/password|Secret@2026|argon2|totpSecret/i);
    expect(row).toMatchObject({
      actor: 'ops',
      staffId: null,
      roles: [],
      before: { certificateNumber: 'E12**5678', note: '证件 110***********002X 已核对' },
      after: { guardian: { cardNum: '110***********002X' }, list: ['110***********002X'] },
    });
  });
});

describe('the log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE whoever sends them', async () => {
    await t.db.transaction((tx) =>
      recordAudit(tx, {
        actor: actor(1, 'somebody'),
        at: t.clock.now(),
        action: 'order.deliver',
        objectType: 'order',
        objectId: 'AXKEPT',
      }),
    );
    await expect(t.db.execute(sql`update staff_audit_log set actor = 'someone else'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from staff_audit_log where object_id = 'AXKEPT'`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate staff_audit_log`)).rejects.toThrow();
    const rows = await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, 'AXKEPT'));
    expect(rows.map((row) => row.actor)).toEqual(['somebody']);
  });
});

describe('GET /admin/audit-log and .csv', () => {
  it('answers the admin only: 403 for every other role, 401 for a member or no token', async () => {
    const { headers: admin } = await t.signedInStaff(['admin']);
    expect((await get('/admin/audit-log', admin)).statusCode).toBe(200);
    expect((await get('/admin/audit-log.csv', admin)).statusCode).toBe(200);
    for (const role of ['pharmacist', 'service', 'warehouse', 'operations'] as const) {
      const { headers } = await t.signedInStaff([role]);
      for (const url of ['/admin/audit-log', '/admin/audit-log.csv']) {
        const reply = await get(url, headers);
        expect(reply.statusCode, `${role} ${url}`).toBe(403);
        expect(reply.json().message).toBe(MSG.staffForbidden);
      }
    }
    const member = await t.createSignedInMember();
    expect((await get('/admin/audit-log', member.headers)).statusCode).toBe(401);
    expect((await get('/admin/audit-log.csv', member.headers)).statusCode).toBe(401);
    expect((await get('/admin/audit-log')).statusCode).toBe(401);
  });

  it('lists newest first, filtered by actor, action, object and day; exports the same as CSV', async () => {
    const { headers: admin } = await t.signedInStaff(['admin']);
    const base = t.clock.now().getTime();
    const write = (minutes: number, loginName: string, action: string, objectId: string) =>
      t.db.transaction((tx) =>
        recordAudit(tx, {
          actor: actor(7, loginName, ['warehouse', 'service']),
          at: new Date(base + minutes * 60_000),
          action,
          objectType: 'order',
          objectId,
          before: { orderType: 'waitDelivery' },
          after: { orderType: 'waitReceiving', note: '=cmd|"quoted", text' },
        }),
      );
    await write(1, 'filter_a', 'order.ship', 'AXFILTER1');
    await write(2, 'filter_a', 'order.logistics', 'AXFILTER1');
    await write(3, 'filter_b', 'order.ship', 'AXFILTER2');

    const page = (await get('/admin/audit-log?staff=filter_', admin)).json();
    expect(page.content.map((entry: { action: string }) => entry.action)).toEqual([
      'order.ship',
      'order.logistics',
      'order.ship',
    ]);
    expect(page.content[0]).toMatchObject({
      actor: 'filter_b',
      staffId: 7,
      roles: ['warehouse', 'service'],
      objectType: 'order',
      objectId: 'AXFILTER2',
      before: { orderType: 'waitDelivery' },
    });
    expect((await get('/admin/audit-log?staff=filter_a&action=order.ship', admin)).json().totalElements).toBe(1);
    expect((await get('/admin/audit-log?object=AXFILTER1', admin)).json().totalElements).toBe(2);
    expect(
      (await get('/admin/audit-log?staff=filter_&from=2000-01-01&to=2000-01-02', admin)).json().totalElements,
    ).toBe(0);
    const badRange = await get('/admin/audit-log?from=2026-02-02&to=2026-02-01', admin);
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().message).toBe(MSG.consoleDateRangeInvalid);
    expect((await get('/admin/audit-log?from=2026-02-30', admin)).json().message).toBe(MSG.consoleDateInvalid);

    const csv = await get('/admin/audit-log.csv?staff=filter_', admin);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('时间,操作人,角色,操作,对象类型,对象,变更前,变更后');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',filter_b,仓库、客服,订单发货,order,AXFILTER2,');
    // Quotes and commas are escaped; a value a spreadsheet would run as a formula stays text.
    expect(lines[1]).toContain('""note"":""=cmd|\\""quoted\\"", text""');
    await write(4, 'formula_c', 'order.ship', '=HYPERLINK("x")');
    const formula = (await get('/admin/audit-log.csv?staff=formula_', admin)).body.trim().split('\r\n');
    expect(formula[1]).toContain(',order,"\'=HYPERLINK(""x"")",');
  });
});
