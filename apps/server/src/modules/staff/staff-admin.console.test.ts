import { MSG } from '@anxin/shared/common/messages';
import { STAFF_ADMIN_MSG, type StaffAccount } from '@anxin/shared/staff/console-staff.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { staffAuditLog } from '../audit/audit.module.ts';
import { staff } from './staff.schema.ts';
import { createStaffTokens } from './staff-tokens.ts';
import { totpCodeAt, totpStepOf } from './totp.ts';

// 员工 (docs/CONSOLE.md, staff.manage): the admin lists, creates and changes staff accounts; each act audited,
// the refusals change nothing, and an admin cannot lock the console out of its last admin.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const API = '/web-gateway';
const PASSWORD = 'Start@2026';
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const post = (headers: Headers, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload });
const auditOf = (loginName: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.objectId, loginName)).orderBy(staffAuditLog.id);
const rowOf = async (id: number) => (await t.db.select().from(staff).where(eq(staff.id, id)))[0];

let nameSequence = 0;
const newLoginName = () => `new_staff_${process.pid % 1000}_${++nameSequence}`;
const newStaffBody = (change: object = {}) => ({
  loginName: newLoginName(),
  displayName: '新员工',
  roles: ['warehouse'],
  password: PASSWORD,
  ...change,
});

let ipSequence = 0;
const newIp = () => `10.31.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;
const signInStep1 = (loginName: string, password = PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/admin/auth/login`,
    payload: { loginName, password },
    remoteAddress: newIp(),
  });

/** Both steps of a first sign-in, the secret read from the setup route: the token's headers and the secret. */
async function firstSignIn(loginName: string, password = PASSWORD) {
  const step1 = await signInStep1(loginName, password);
  expect(step1.statusCode, step1.body).toBe(200);
  const { challenge, step } = step1.json();
  expect(step).toBe('setup');
  const setup = await t.app.inject({ method: 'GET', url: `${API}/admin/auth/totp-setup?challenge=${challenge}` });
  const { secret } = setup.json();
  const done = await t.app.inject({
    method: 'POST',
    url: `${API}/admin/auth/totp`,
    payload: { challenge, code: totpCodeAt(secret, totpStepOf(t.clock.now())) },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { headers: { authorization: `Bearer ${done.json().access_token}` }, secret: secret as string };
}

async function created(admin: Headers, change: object = {}) {
  const reply = await post(admin, '/admin/staff', newStaffBody(change));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json() as { id: number; loginName: string };
}

describe('who may manage staff', () => {
  it('lets the admin in; every other role gets 403 无权执行该操作, a member token or none 401', async () => {
    const { headers: admin } = await t.signedInStaff(['admin']);
    const target = await created(admin);
    const calls = [
      (headers: Headers) => get(headers, '/admin/staff'),
      (headers: Headers) => post(headers, '/admin/staff', { loginName: 'x' }),
      (headers: Headers) => post(headers, `/admin/staff/${target.id}/roles`, { roles: [] }),
      (headers: Headers) => post(headers, `/admin/staff/${target.id}/disable`),
      (headers: Headers) => post(headers, `/admin/staff/${target.id}/enable`),
      (headers: Headers) => post(headers, `/admin/staff/${target.id}/reset-totp`),
      (headers: Headers) => post(headers, `/admin/staff/${target.id}/reset-password`, { password: '' }),
    ];
    const expected: [StaffRole[], number[]][] = [
      [['admin'], [200, 400, 400, 200, 200, 200, 400]],
      [['pharmacist'], [403, 403, 403, 403, 403, 403, 403]],
      [['service'], [403, 403, 403, 403, 403, 403, 403]],
      [['warehouse'], [403, 403, 403, 403, 403, 403, 403]],
      [['operations'], [403, 403, 403, 403, 403, 403, 403]],
      [
        ['pharmacist', 'service', 'warehouse', 'operations'],
        [403, 403, 403, 403, 403, 403, 403],
      ],
    ];
    for (const [roles, statuses] of expected) {
      const { headers } = await t.signedInStaff(roles);
      for (const [index, call] of calls.entries()) {
        const reply = await call(headers);
        expect(reply.statusCode, `${roles} call ${index}`).toBe(statuses[index]);
        if (reply.statusCode === 403) expect(reply.json().message).toBe(MSG.staffForbidden);
      }
    }
    const member = await t.createSignedInMember();
    for (const call of calls) {
      expect((await call(member.headers)).statusCode).toBe(401);
      expect((await call({})).statusCode).toBe(401);
    }
  });
});

describe('GET /admin/staff', () => {
  it('lists each account with its roles, second factor, state and last sign-in; never a password or secret', async () => {
    const { headers: admin } = await t.signedInStaff(['admin']);
    const fresh = await t.createStaff({ roles: ['pharmacist', 'service'], password: PASSWORD });
    const signedIn = await t.createStaff({ roles: ['warehouse'], password: PASSWORD, totpSecret: 'JBSWY3DPEHPK3PXP' });
    const signInStart = t.clock.now().getTime();
    expect((await get(await tokenOf(signedIn.id), '/admin/me')).statusCode).toBe(200);
    const signInEnd = t.clock.now().getTime();

    const reply = await get(admin, '/admin/staff');
    expect(reply.statusCode, reply.body).toBe(200);
    const list = reply.json() as StaffAccount[];
    expect(list.find((item) => item.id === fresh.id)).toEqual({
      id: fresh.id,
      loginName: fresh.loginName,
      displayName: fresh.displayName,
      roles: ['pharmacist', 'service'],
      hasSecondFactor: false,
      isActive: true,
      lastSignInAt: null,
      createdAt: fresh.createdAt.toISOString(),
    });
    const listed = list.find((item) => item.id === signedIn.id);
    expect(listed?.hasSecondFactor).toBe(true);
    expect(Date.parse(listed?.lastSignInAt ?? '')).toBeGreaterThanOrEqual(signInStart);
    expect(Date.parse(listed?.lastSignInAt ?? '')).toBeLessThanOrEqual(signInEnd);
    expect(reply.body).not.toMatch(/passwordHash|totpSecret|recovery/i);
  });
});

/** A sign-in of this staff member as the sign-in route would make it. */
async function tokenOf(staffId: number) {
  const { access_token } = await createStaffTokens(t.app.services).issue(t.db, staffId, { ip: '127.0.0.1' });
  return { authorization: `Bearer ${access_token}` };
}

describe('POST /admin/staff', () => {
  it('creates the account; the new member signs in with the password and sets the second factor up; audited', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const body = newStaffBody({ displayName: ' 周仓管 ', roles: ['warehouse', 'service', 'warehouse'] });
    const reply = await post(admin, '/admin/staff', body);
    expect(reply.statusCode, reply.body).toBe(201);
    const account = reply.json();
    expect(account).toMatchObject({
      loginName: body.loginName,
      displayName: '周仓管',
      roles: ['service', 'warehouse'],
      hasSecondFactor: false,
      isActive: true,
      lastSignInAt: null,
    });
    const { headers } = await firstSignIn(body.loginName);
    const me = await get(headers, '/admin/me');
    expect(me.json()).toMatchObject({ loginName: body.loginName, roles: ['service', 'warehouse'] });
    expect((await get(headers, '/admin/staff')).statusCode).toBe(403);

    const [entry, ...others] = await auditOf(body.loginName);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actor: actor.loginName,
      roles: ['admin'],
      action: 'staff.create',
      objectType: 'staff',
      before: null,
      after: { loginName: body.loginName, displayName: '周仓管', roles: ['service', 'warehouse'] },
    });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
  });

  it('refuses a taken login name (409), and bad fields with their messages; nothing is written', async () => {
    const { headers: admin } = await t.signedInStaff(['admin']);
    const first = await created(admin);
    const countStaff = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(staff))[0]?.n;
    const staffBefore = await countStaff();
    const auditBefore = (await t.db.select().from(staffAuditLog)).length;

    const taken = await post(admin, '/admin/staff', newStaffBody({ loginName: first.loginName }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_ADMIN_MSG.loginNameTaken);
    const cases: [object, string, string][] = [
      [{ loginName: 'Ab' }, 'loginName', STAFF_ADMIN_MSG.loginNameInvalid],
      [{ displayName: '' }, 'displayName', STAFF_ADMIN_MSG.displayNameInvalid],
      [{ roles: [] }, 'roles', STAFF_ADMIN_MSG.rolesEmpty],
      [{ roles: ['boss'] }, 'roles.0', STAFF_ADMIN_MSG.roleUnknown],
      [{ password: 'abcdefgh' }, 'password', MSG.newPasswordClasses],
      [{ password: 'Ab@1' }, 'password', MSG.newPasswordLength],
    ];
    for (const [change, field, message] of cases) {
      const reply = await post(admin, '/admin/staff', newStaffBody(change));
      expect(reply.statusCode, JSON.stringify(change)).toBe(400);
      expect(reply.json().fields).toContainEqual({ field, message });
    }
    expect(await countStaff()).toBe(staffBefore);
    expect((await t.db.select().from(staffAuditLog)).length).toBe(auditBefore);
  });
});

describe('POST /admin/staff/{id}/roles', () => {
  it('changes the roles, which take effect on the member’s next call; audited before → after', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const target = await created(admin, { roles: ['warehouse'] });
    const { headers } = await firstSignIn(target.loginName);
    expect((await get(headers, '/admin/orders')).statusCode).toBe(200);
    expect((await get(headers, '/admin/guest-links')).statusCode).toBe(403);

    const reply = await post(admin, `/admin/staff/${target.id}/roles`, { roles: ['service'] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ id: target.id, roles: ['service'] });
    expect((await get(headers, '/admin/guest-links')).statusCode).toBe(200);

    const entries = await auditOf(target.loginName);
    expect(entries.at(-1)).toMatchObject({
      actor: actor.loginName,
      action: 'staff.roles',
      before: { roles: ['warehouse'] },
      after: { roles: ['service'] },
    });
  });

  it('answers 404 for an unknown staff member and 400 for a malformed id', async () => {
    const { headers: admin } = await t.signedInStaff(['admin']);
    expect((await post(admin, '/admin/staff/999999999/roles', { roles: ['service'] })).statusCode).toBe(404);
    const malformed = await post(admin, '/admin/staff/abc/roles', { roles: ['service'] });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses to remove the admin’s own admin role (409); keeping it while adding others is fine', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const refused = await post(admin, `/admin/staff/${actor.id}/roles`, { roles: ['service'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STAFF_ADMIN_MSG.selfAdminRemoval);
    expect((await rowOf(actor.id))?.roles).toEqual(['admin']);
    expect(await auditOf(actor.loginName)).toEqual([]);

    const kept = await post(admin, `/admin/staff/${actor.id}/roles`, { roles: ['service', 'admin'] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().roles).toEqual(['service', 'admin']);
  });
});

describe('disabling and enabling', () => {
  it('ends the member’s sign-ins at once and refuses the next sign-in in Chinese; enabling lets them in again', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const target = await created(admin);
    const { headers, secret } = await firstSignIn(target.loginName);
    // A challenge made before the act dies with it too.
    const pending = (await signInStep1(target.loginName)).json().challenge;

    const disabled = await post(admin, `/admin/staff/${target.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ id: target.id, isActive: false });
    expect((await get(headers, '/admin/me')).statusCode).toBe(401);
    const code = totpCodeAt(secret, totpStepOf(t.clock.now()) + 1);
    const late = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/auth/totp`,
      payload: { challenge: pending, code },
    });
    expect(late.statusCode).toBe(401);

    const refused = await signInStep1(target.loginName);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_ADMIN_MSG.disabled);
    // A wrong password learns nothing of the account's state.
    const wrong = await signInStep1(target.loginName, 'Wrong@2026');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.loginFailed);

    const enabled = await post(admin, `/admin/staff/${target.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().isActive).toBe(true);
    expect((await signInStep1(target.loginName)).statusCode).toBe(200);

    const entries = (await auditOf(target.loginName)).map((entry) => [
      entry.action,
      entry.actor,
      entry.before,
      entry.after,
    ]);
    expect(entries.slice(1)).toEqual([
      ['staff.disable', actor.loginName, { isActive: true }, { isActive: false, signInsEnded: 1 }],
      ['staff.enable', actor.loginName, { isActive: false }, { isActive: true }],
    ]);
  });

  it('does nothing (and records nothing) for an account already in that state', async () => {
    const { headers: admin } = await t.signedInStaff(['admin']);
    const target = await created(admin);
    expect((await post(admin, `/admin/staff/${target.id}/enable`)).statusCode).toBe(200);
    expect((await auditOf(target.loginName)).map((entry) => entry.action)).toEqual(['staff.create']);
  });

  it('refuses to disable oneself (409), keeping the sign-in', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const refused = await post(admin, `/admin/staff/${actor.id}/disable`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STAFF_ADMIN_MSG.selfDisable);
    expect((await rowOf(actor.id))?.isActive).toBe(true);
    expect((await get(admin, '/admin/me')).statusCode).toBe(200);
  });

  it('keeps one enabled admin: of two admins disabling each other at once, one is refused', async () => {
    // Only these two are enabled admins: the others of this file step aside for the test.
    await t.db
      .update(staff)
      .set({ isActive: false })
      .where(and(eq(staff.isActive, true), sql`${staff.roles} @> '["admin"]'::jsonb`));
    const first = await t.signedInStaff(['admin']);
    const second = await t.signedInStaff(['admin']);
    const acts = () =>
      Promise.all([
        post(first.headers, `/admin/staff/${second.staff.id}/disable`),
        post(second.headers, `/admin/staff/${first.staff.id}/roles`, { roles: ['service'] }),
      ]);
    const replies = t.kind === 'postgres' ? await actingTogether(acts) : await acts();
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refusal = replies.find((reply) => reply.statusCode !== 200);
    // Refused by the rule; or, when the other act committed before this call was let in, as signed out (its
    // account disabled) or without the permission (its admin role gone).
    if (refusal?.statusCode === 409) expect(refusal.json().message).toBe(STAFF_ADMIN_MSG.lastAdmin);
    else expect([401, 403]).toContain(refusal?.statusCode);
    const admins = await t.db
      .select()
      .from(staff)
      .where(and(eq(staff.isActive, true), sql`${staff.roles} @> '["admin"]'::jsonb`));
    expect(admins).toHaveLength(1);
  });
});

/**
 * Runs `acts` while a transaction of the test holds every staff row, and lets go once two of them wait for it:
 * both acts are then past their sign-in check and meet in their transactions (PostgreSQL only; PGlite runs one
 * statement at a time).
 */
async function actingTogether<T>(acts: () => Promise<T>): Promise<T> {
  let running: Promise<T> | undefined;
  await t.db.transaction(async (tx) => {
    await tx.select({ id: staff.id }).from(staff).for('update');
    running = acts();
    for (let waited = 0; waited < 10_000; waited += 50) {
      // Asked outside the transaction: inside it, pg_stat_activity would stay as it was at its first read.
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if ((rows[0]?.n ?? 0) >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the two acts did not meet');
  });
  if (!running) throw new Error('the acts did not start');
  return running;
}

describe('resetting the second factor and the password', () => {
  it('reset-totp: the next sign-in sets the authenticator up again; the sign-ins end; audited without the secret', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const target = await created(admin);
    const { headers } = await firstSignIn(target.loginName);
    const before = await rowOf(target.id);
    expect(before?.totpSecretEnc).not.toBeNull();

    const reply = await post(admin, `/admin/staff/${target.id}/reset-totp`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().hasSecondFactor).toBe(false);
    expect((await get(headers, '/admin/me')).statusCode).toBe(401);
    const after = await rowOf(target.id);
    expect(after).toMatchObject({ totpSecretEnc: null, totpLastStep: null, recoveryCodeHashes: [] });
    await firstSignIn(target.loginName);

    const entry = (await auditOf(target.loginName)).find((it) => it.action === 'staff.resetTotp');
    expect(entry).toMatchObject({
      actor: actor.loginName,
      before: { hasSecondFactor: true },
      after: { hasSecondFactor: false, signInsEnded: 1 },
    });
    expect(JSON.stringify(entry)).not.toContain(before?.totpSecretEnc ?? '-');
  });

  it('reset-password: the new password signs in, the old one no more; the sign-ins end; never logged', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const target = await created(admin);
    const { headers } = await firstSignIn(target.loginName);
    const newPassword = 'Again#2027';

    const refused = await post(admin, `/admin/staff/${target.id}/reset-password`, { password: 'short' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toContainEqual({ field: 'password', message: MSG.newPasswordLength });

    const reply = await post(admin, `/admin/staff/${target.id}/reset-password`, { password: newPassword });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await get(headers, '/admin/me')).statusCode).toBe(401);
    expect((await signInStep1(target.loginName)).statusCode).toBe(400);
    expect((await signInStep1(target.loginName, newPassword)).statusCode).toBe(200);

    const entries = (await auditOf(target.loginName)).filter((it) => it.action === 'staff.resetPassword');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: actor.loginName, after: { signInsEnded: 1 } });
    expect(JSON.stringify(entries)).not.toContain(newPassword);
  });

  it('an admin resetting their own password or second factor keeps the sign-in they act from', async () => {
    const { staff: actor, headers: admin } = await t.signedInStaff(['admin']);
    const other = await tokenOf(actor.id);
    expect((await post(admin, `/admin/staff/${actor.id}/reset-password`, { password: 'Again#2027' })).statusCode).toBe(
      200,
    );
    expect((await get(admin, '/admin/me')).statusCode).toBe(200);
    expect((await get(other, '/admin/me')).statusCode).toBe(401);
  });
});
