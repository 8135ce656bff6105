import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { members } from '../account/account.module.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipSequence = 0;
const newIp = () => `10.2.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

const post = (url: string, payload: object, ip = '10.9.9.9') =>
  t.app.inject({ method: 'POST', url: `/web-gateway${url}`, payload, remoteAddress: ip });
const userInfo = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/web-gateway/v2/member/vo',
    headers: { authorization: `Bearer ${accessToken}` },
  });
const memberByPhone = async (phone: string) => (await t.db.select().from(members).where(eq(members.phone, phone)))[0];

describe('register', () => {
  it('creates the member with an argon2id hash and signs it in', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'register', newIp());
    const reply = await post('/v2/member/account/register', { userName: phone, validCode: code, password: 'Abc12345' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ expires_in: 1800 });
    expect((await memberByPhone(phone)).passwordHash).toMatch(/^\$argon2id\$/);
    const info = await userInfo(reply.json().access_token);
    expect(info.json()).toMatchObject({
      nickName: `安心用户${phone.slice(-4)}`,
      phoneStr: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      avatar: '/web-gateway/v2/member/default-avatar.svg',
    });
  });

  it.each([
    [{ password: 'abc12345' }, 'password', MSG.newPasswordClasses],
    [{ password: 'Ab1!' }, 'password', MSG.newPasswordLength],
    [{ password: 'Abcdefgh12345678X' }, 'password', MSG.newPasswordLength],
    [{ password: '' }, 'password', MSG.newPasswordEmpty],
    [{ validCode: '' }, 'validCode', MSG.smsCodeEmpty],
    [{ userName: '1234' }, 'userName', MSG.phoneMalformed],
  ])('refuses %j with the message of the rule and writes nothing', async (override, field, message) => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'register', newIp());
    const reply = await post('/v2/member/account/register', {
      userName: phone,
      validCode: code,
      password: 'Abc12345',
      ...override,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toContainEqual({ field, message });
    expect(await memberByPhone(phone)).toBeUndefined();
  });

  it('refuses a wrong code and a code sent for signing in', async () => {
    const phone = uniquePhone();
    const loginCode = await t.sendSmsCode(phone, 'login', newIp());
    const reply = await post('/v2/member/account/register', {
      userName: phone,
      validCode: loginCode,
      password: 'Abc12345',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.smsCodeWrong);
    expect(await memberByPhone(phone)).toBeUndefined();
  });

  it('refuses a phone that is already registered', async () => {
    const { member } = await t.createSignedInMember();
    const code = await t.sendSmsCode(member.phone!, 'register', newIp());
    const reply = await post('/v2/member/account/register', {
      userName: member.phone,
      validCode: code,
      password: 'Abc12345',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.phoneRegistered);
  });
});

describe('SMS sign-in', () => {
  it('signs an existing member in', async () => {
    const member = await t.createMember();
    const code = await t.sendSmsCode(member.phone!, 'login', newIp());
    const reply = await post('/passport/account/smsLogin/v2', { phoneNum: member.phone, smsCode: code });
    expect(reply.statusCode).toBe(200);
    expect((await userInfo(reply.json().access_token)).json().accountId).toBe(member.id);
  });

  it('registers an unknown phone on the spot, without a password', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    const reply = await post('/passport/account/smsLogin/v2', { phoneNum: phone, smsCode: code });
    expect(reply.statusCode).toBe(200);
    const created = await memberByPhone(phone);
    expect(created).toMatchObject({ passwordHash: null, status: 'active' });
  });

  it('uses a code once', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', newIp());
    expect((await post('/passport/account/smsLogin/v2', { phoneNum: phone, smsCode: code })).statusCode).toBe(200);
    const again = await post('/passport/account/smsLogin/v2', { phoneNum: phone, smsCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.smsCodeWrong);
  });

  it.each([
    [{ smsCode: '' }, MSG.smsCodeEmpty],
    [{ smsCode: '12345' }, MSG.smsCodeMalformed],
    [{ phoneNum: '' }, MSG.phoneEmpty],
  ])('refuses %j', async (override, message) => {
    const reply = await post('/passport/account/smsLogin/v2', {
      phoneNum: uniquePhone(),
      smsCode: '123456',
      ...override,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });
});

describe('validate (is this phone registered?)', () => {
  async function ticketFor(phone: string, ip: string) {
    return (await post('/v2/captcha/sms/tickets', { phoneNum: phone }, ip)).json().ticket as string;
  }

  it('answers 1 for a member and 0 otherwise, given a live ticket for that phone', async () => {
    const ip = newIp();
    const member = await t.createMember();
    const phone = uniquePhone();
    const registered = await post(
      '/v2/member/account/validate',
      { userName: member.phone, ticket: await ticketFor(member.phone!, ip) },
      ip,
    );
    expect(registered.json()).toEqual({ isRegisted: '1' });
    const unknown = await post(
      '/v2/member/account/validate',
      { userName: phone, ticket: await ticketFor(phone, ip) },
      ip,
    );
    expect(unknown.json()).toEqual({ isRegisted: '0' });
  });

  it('refuses without a ticket, or with a ticket of another phone', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    expect((await post('/v2/member/account/validate', { userName: phone }, ip)).statusCode).toBe(400);
    const foreign = await post(
      '/v2/member/account/validate',
      { userName: phone, ticket: await ticketFor(uniquePhone(), ip) },
      ip,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MSG.ticketExpired);
  });

  it('cannot be used to walk the phone numbers: 3 answers a ticket, 20 a client in 10 minutes', async () => {
    const ip = newIp();
    const phone = uniquePhone();
    const ticket = await ticketFor(phone, ip);
    for (let i = 0; i < 3; i++)
      expect((await post('/v2/member/account/validate', { userName: phone, ticket }, ip)).statusCode).toBe(200);
    expect((await post('/v2/member/account/validate', { userName: phone, ticket }, ip)).statusCode).toBe(429);

    const walker = newIp();
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const next = uniquePhone();
      statuses.push(
        (await post('/v2/member/account/validate', { userName: next, ticket: await ticketFor(next, walker) }, walker))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
