import { createHash } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { and, eq, isNull } from 'drizzle-orm';
import { bigint as pgBigint, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAddresses, thirdPartyIdentities } from '../../db/schema.ts';
import { listMemberOwnedTables, memberTablesOf } from '../../platform/member-tables.ts';
import { hashPassword } from '../../platform/password.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { findMemberById, insertMember } from '../account/account.module.ts';
import { sessions } from '../auth/auth.module.ts';
import { freshTicket, signInWithProvider } from '../third-party/oauth-flow.test-support.ts';
import { createBindPhoneService } from './bind-phone.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API = '/web-gateway';
const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `${API}${url}`, payload: payload as object, headers });

let addressSequence = 0;
async function addAddress(memberId: number, isDefault: boolean) {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(deliveryAddresses)
    .values({
      memberId,
      consignee: `收货人${++addressSequence}`,
      consigneePhone2: '13912345678',
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '北京市',
      customArea: '建国路88号',
      isDefault,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

/** An account of the old system: a login name and password, no phone (password login answers 1001000003). */
async function createLegacyMember(values: { password?: string; openId?: string; thirdType?: number } = {}) {
  const now = t.clock.now();
  const loginName = `legacy_${Math.random().toString(36).slice(2, 10)}`;
  const member = await insertMember(t.db, {
    phone: null,
    loginName,
    passwordHash: values.password ? await hashPassword(values.password) : null,
    nickname: '老会员账号',
    email: 'old@anxin.example',
    createdAt: now,
    updatedAt: now,
  });
  if (values.openId) {
    await t.db
      .insert(thirdPartyIdentities)
      .values({ memberId: member.id, thirdType: values.thirdType ?? 1, openId: values.openId, boundAt: now });
  }
  return { member, loginName };
}

async function identitiesOf(memberId: number) {
  return t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.memberId, memberId));
}

describe('PUT /v2/member/account/thirdPartyRegistry', () => {
  it('creates an account with the phone for an unbound third-party account and signs it in', async () => {
    const { ticket, cookie } = await freshTicket(t, 2);
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'bindPhone');
    const reply = await put(
      '/v2/member/account/thirdPartyRegistry',
      { ticket, userName: phone, validCode: code },
      { cookie },
    );
    expect(reply.statusCode).toBe(200);
    const vo = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/vo`,
      headers: { authorization: `Bearer ${reply.json().access_token}` },
    });
    expect(vo.json().phoneStr).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    const bindings = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/account/thirdBinder`,
      headers: { authorization: `Bearer ${reply.json().access_token}` },
    });
    expect(bindings.json()[1]).toMatchObject({ type: 2, isBind: true });
    // The ticket has been used: the account is now bound, a second registration is refused.
    const again = await put(
      '/v2/member/account/thirdPartyRegistry',
      { ticket, userName: uniquePhone(), validCode: '123456' },
      { cookie },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.thirdAccountTaken);
  });

  it('asks for the right code (请输入正确的验证码) and writes nothing', async () => {
    const { ticket, cookie } = await freshTicket(t, 1);
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'bindPhone');
    const wrong = code === '000000' ? '111111' : '000000';
    const reply = await put(
      '/v2/member/account/thirdPartyRegistry',
      { ticket, userName: phone, validCode: wrong },
      { cookie },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message: MSG.smsCodeMalformed, fields: [{ field: 'validCode' }] });
    const loginCode = await t.sendSmsCode(uniquePhone(), 'login');
    // A code of another purpose does not bind either.
    const otherPurpose = await put(
      '/v2/member/account/thirdPartyRegistry',
      { ticket, userName: phone, validCode: loginCode },
      { cookie },
    );
    expect(otherPurpose.statusCode).toBe(400);
    const { rows } = (await t.db.execute(
      `select count(*)::int as n from members where phone = '${phone}'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0].n).toBe(0);
  });

  it('validates the body', async () => {
    const reply = await put('/v2/member/account/thirdPartyRegistry', { ticket: '', userName: '123', validCode: '' });
    expect(reply.statusCode).toBe(400);
    expect(
      reply
        .json()
        .fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(['ticket', 'userName', 'validCode'].sort());
  });

  it('refuses a forged ticket', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'bindPhone');
    const reply = await put('/v2/member/account/thirdPartyRegistry', {
      ticket: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      userName: phone,
      validCode: code,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.oauthTicketInvalid);
  });
});

describe('a registered phone: 409, then 关联账号 (phoneBinder type 1)', () => {
  it('answers PHONE_REGISTERED only after the code is right, and keeps the code for the link', async () => {
    const target = await t.createMember();
    const { ticket, identityId, cookie } = await freshTicket(t, 3);
    const code = await t.sendSmsCode(target.phone ?? '', 'bindPhone');
    const wrong = await put(
      '/v2/member/account/thirdPartyRegistry',
      { ticket, userName: target.phone, validCode: code === '000000' ? '111111' : '000000' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const taken = await put(
      '/v2/member/account/thirdPartyRegistry',
      { ticket, userName: target.phone, validCode: code },
      { cookie },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'PHONE_REGISTERED', message: MSG.phoneRegistered });

    const same = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/validate/sameThirdBinder`,
      payload: { type: 3, platform: 'PC', userName: target.phone, validCode: code },
    });
    expect(same.json()).toEqual({ isSameThirdBinder: '0' });

    const linked = await put(
      '/v2/member/account/phoneBinder',
      { ticket, loginType: 4, userName: target.phone, validCode: code, type: 1 },
      { cookie },
    );
    expect(linked.statusCode).toBe(200);
    expect(await identitiesOf(target.id)).toMatchObject([{ thirdType: 3 }]);
    // From now on the third-party account signs straight into the phone's account.
    const { params } = await signInWithProvider(t, 3, { identityId });
    expect(params.get('oauthCode')).toBeTruthy();
  });

  it('merges an old account (bound third-party account, no phone) into the phone’s account in one go', async () => {
    const target = await t.createMember();
    const targetDefault = await addAddress(target.id, true);
    const openId = `legacy-open-${target.id}`;
    const { member: source } = await createLegacyMember({ openId, thirdType: 1 });
    const sourceDefault = await addAddress(source.id, true);
    const sourceOther = await addAddress(source.id, false);
    const sourceSession = await t.signIn(source.id);

    // The sandbox identity with that openId signs in: bound, but no phone → isBind 0 and a ticket.
    const identity = await t.app.inject({
      method: 'POST',
      url: `${API}/sandbox/oauth/qq/identities`,
      payload: { nickname: '老QQ' },
    });
    const { sandboxOauthIdentities } = await import('../../db/schema.ts');
    await t.db.update(sandboxOauthIdentities).set({ openId }).where(eq(sandboxOauthIdentities.id, identity.json().id));
    const { params, cookie } = await signInWithProvider(t, 1, { identityId: identity.json().id });
    expect(params.get('isBind')).toBe('0');

    const code = await t.sendSmsCode(target.phone ?? '', 'bindPhone');
    const linked = await put(
      '/v2/member/account/phoneBinder',
      { ticket: params.get('ticket'), userName: target.phone, validCode: code, type: 1 },
      { cookie },
    );
    expect(linked.statusCode).toBe(200);

    const addresses = await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.memberId, target.id));
    expect(addresses.map((row) => row.id).sort()).toEqual([targetDefault.id, sourceDefault.id, sourceOther.id].sort());
    expect(addresses.filter((row) => row.isDefault).map((row) => row.id)).toEqual([targetDefault.id]);
    expect(await identitiesOf(target.id)).toMatchObject([{ thirdType: 1, openId }]);
    const closed = await findMemberById(t.db, source.id);
    expect(closed).toMatchObject({ status: 'closed', phone: null, loginName: null });
    const merged = await findMemberById(t.db, target.id);
    expect(merged?.email).toBe('old@anxin.example');
    // The old account's sign-ins ended.
    const vo = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/vo`,
      headers: { authorization: sourceSession.authorization },
    });
    expect(vo.statusCode).toBe(401);
  });

  it('merges a password account without phone (1001000003 case) and the login name moves along', async () => {
    const target = await t.createMember();
    const { member: source, loginName } = await createLegacyMember({ password: 'Old@2019' });
    const code = await t.sendSmsCode(target.phone ?? '', 'bindPhone');
    const wrongPassword = await put('/v2/member/account/phoneBinder', {
      loginName,
      loginType: 1,
      password: 'Wrong@2019',
      userName: target.phone,
      validCode: code,
      type: 1,
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(MSG.loginFailed);
    const linked = await put('/v2/member/account/phoneBinder', {
      loginName,
      loginType: 1,
      password: 'Old@2019',
      userName: target.phone,
      validCode: code,
      type: 1,
    });
    expect(linked.statusCode).toBe(200);
    expect((await findMemberById(t.db, target.id))?.loginName).toBe(loginName);
    expect((await findMemberById(t.db, source.id))?.status).toBe('closed');
  });

  it('refuses to merge when the phone’s account already has an account of that kind', async () => {
    const target = await t.createSignedInMember();
    const first = await signInWithProvider(t, 4, { query: { origin: 'safe' }, browser: { headers: target.headers } });
    const bound = await put(
      '/v2/member/account/binder',
      { loginName: first.params.get('ticket'), loginType: 5 },
      { ...target.headers, cookie: first.cookie },
    );
    expect(bound.statusCode).toBe(200);
    const { ticket, cookie } = await freshTicket(t, 4);
    const code = await t.sendSmsCode(target.member.phone ?? '', 'bindPhone');
    const same = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/validate/sameThirdBinder`,
      payload: { type: 4, userName: target.member.phone, validCode: code },
    });
    expect(same.json()).toEqual({ isSameThirdBinder: '1' });
    const refused = await put(
      '/v2/member/account/phoneBinder',
      { ticket, userName: target.member.phone, validCode: code, type: 1 },
      { cookie },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('该手机号已关联其他微博账号，无法合并');
    expect(await identitiesOf(target.member.id)).toHaveLength(1);
  });

  it('sameThirdBinder needs the phone’s code', async () => {
    const target = await t.createMember();
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/validate/sameThirdBinder`,
      payload: { type: 1, userName: target.phone, validCode: '123456' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.smsCodeMalformed);
  });

  it('moves nothing when the merge fails halfway (one transaction)', async () => {
    const target = await t.createMember();
    const openId = `atomic-${target.id}`;
    const { member: source } = await createLegacyMember({ openId, thirdType: 2 });
    const address = await addAddress(source.id, true);
    await t.signIn(source.id);
    // The real list of tables, then one that does not exist: the statement fails after the others moved.
    const missing = pgTable('no_such_table_for_merge_test', { memberId: pgBigint({ mode: 'number' }) });
    const tables = [
      ...listMemberOwnedTables(memberTablesOf(t.app.services.modules)),
      { name: 'zzz', table: missing, memberId: missing.memberId },
    ];
    const failing = createBindPhoneService(t.app.services, { memberTables: () => tables });
    const browserSecret = 'b'.repeat(43);
    const ticket = (await import('../third-party/oauth-ticket.ts')).signOAuthTicket(
      { thirdType: 2, openId, nickname: '', avatar: null },
      { purpose: 'login', browserHash: createHash('sha256').update(browserSecret).digest('hex') },
      t.app.services.secrets.jwtSecret,
      t.clock,
    );
    const subject = await failing.resolveSubject({ ticket: await ticket }, undefined, browserSecret);
    if (!subject) throw new Error('no subject');
    const code = await t.sendSmsCode(target.phone ?? '', 'bindPhone');
    await expect(failing.linkToPhoneAccount(subject, target.phone ?? '', code, { ip: '10.0.0.9' })).rejects.toThrow();

    expect((await findMemberById(t.db, source.id))?.status).toBe('active');
    expect(await identitiesOf(source.id)).toHaveLength(1);
    expect(await identitiesOf(target.id)).toHaveLength(0);
    const [stillThere] = await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.id, address.id));
    expect(stillThere.memberId).toBe(source.id);
    const liveSourceSessions = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.memberId, source.id), isNull(sessions.revokedAt)));
    expect(liveSourceSessions).toHaveLength(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, target.id))).toHaveLength(0);
  });
});

describe('PUT /v2/member/account/phoneBinder (type add, password account)', () => {
  it('binds a free phone to the account and signs it in', async () => {
    const { member, loginName } = await createLegacyMember({ password: 'Old@2019' });
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'bindPhone');
    const reply = await put('/v2/member/account/phoneBinder', {
      loginName,
      loginType: 1,
      password: 'Old@2019',
      userName: phone,
      validCode: code,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().access_token).toBeTruthy();
    expect((await findMemberById(t.db, member.id))?.phone).toBe(phone);
  });

  it('refuses an account that already has a phone', async () => {
    const now = t.clock.now();
    const loginName = `hasphone_${String(now.getTime()).slice(-8)}`;
    await insertMember(t.db, {
      phone: uniquePhone(),
      loginName,
      passwordHash: await hashPassword('Old@2019'),
      nickname: '有手机会员',
      createdAt: now,
      updatedAt: now,
    });
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'bindPhone');
    const reply = await put('/v2/member/account/phoneBinder', {
      loginName,
      loginType: 1,
      password: 'Old@2019',
      userName: phone,
      validCode: code,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.accountHasPhone);
  });
});

describe('PUT /v2/member/account/phoneBinder (type edit, signed in)', () => {
  it('changes the phone of the signed-in member', async () => {
    const { member, headers } = await t.createSignedInMember();
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'bindPhone');
    const reply = await put('/v2/member/account/phoneBinder', { userName: phone, validCode: code }, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ phoneStr: `${phone.slice(0, 3)}****${phone.slice(7)}` });
    expect((await findMemberById(t.db, member.id))?.phone).toBe(phone);
  });

  it('refuses a registered phone, the same phone and a wrong code, changing nothing', async () => {
    const { member, headers } = await t.createSignedInMember();
    const other = await t.createMember();
    const code = await t.sendSmsCode(other.phone ?? '', 'bindPhone');
    const taken = await put('/v2/member/account/phoneBinder', { userName: other.phone, validCode: code }, headers);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(MSG.phoneRegistered);
    const same = await put('/v2/member/account/phoneBinder', { userName: member.phone, validCode: '123456' }, headers);
    expect(same.json().message).toBe(MSG.phoneUnchanged);
    const phone = uniquePhone();
    await t.sendSmsCode(phone, 'bindPhone');
    const wrong = await put('/v2/member/account/phoneBinder', { userName: phone, validCode: '999999' }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.smsCodeMalformed);
    expect((await findMemberById(t.db, member.id))?.phone).toBe(member.phone);
  });

  it('needs a signed-in member when there is no ticket or login name', async () => {
    const reply = await put('/v2/member/account/phoneBinder', { userName: uniquePhone(), validCode: '123456' });
    expect(reply.statusCode).toBe(401);
  });
});

describe('concurrent binds of the same phone', () => {
  it('let exactly one through (unique index on the phone)', async () => {
    // The code check is not what stops the second bind: both get past it here.
    const acceptingCodes = {
      ...t.app.services.smsCodes,
      checkCode: async () => undefined,
      consumeCode: async () => undefined,
    };
    const service = createBindPhoneService({ ...t.app.services, smsCodes: acceptingCodes as never });
    const phone = uniquePhone();
    const members = await Promise.all([t.createMember(), t.createMember(), t.createMember()]);
    const results = await Promise.allSettled(members.map((member) => service.changePhone(member.id, phone, '123456')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as Error).message).toBe(MSG.phoneRegistered);
    }
    const tickets = await Promise.all([freshTicket(t, 1), freshTicket(t, 2)]);
    const phone2 = uniquePhone();
    const subjects = await Promise.all(
      tickets.map(({ ticket, cookie }) => service.resolveSubject({ ticket }, undefined, cookie.split('=')[1])),
    );
    const registrations = await Promise.allSettled(
      subjects.map((subject) => (subject ? service.bindNewPhone(subject, phone2, '123456', { ip: '10.0.0.1' }) : null)),
    );
    expect(registrations.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const { rows } = (await t.db.execute(
      `select count(*)::int as n from members where phone = '${phone2}'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0].n).toBe(1);
  });

  it('through the API: two registrations with one phone and one code, one wins', async () => {
    const tickets = await Promise.all([freshTicket(t, 3), freshTicket(t, 4)]);
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'bindPhone');
    const replies = await Promise.all(
      tickets.map(({ ticket, cookie }) =>
        put('/v2/member/account/thirdPartyRegistry', { ticket, userName: phone, validCode: code }, { cookie }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
  });
});

describe('listMemberOwnedTables', () => {
  it('finds every table with a memberId column, including ones added by other modules', () => {
    const names = listMemberOwnedTables(memberTablesOf(t.app.services.modules)).map((owned) => owned.name);
    expect(names).toEqual(
      expect.arrayContaining(['sessions', 'delivery_addresses', 'third_party_identities', 'orders']),
    );
    expect(names).not.toContain('members');
  });
});
