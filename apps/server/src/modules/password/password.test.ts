import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/password.ts';
import { rateLimitCounters } from '../../platform/platform.schema.ts';
import { countHit } from '../../platform/rate-limit.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { members } from '../account/account.module.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const OLD = 'Old@12345';
const NEW = 'New@12345';

let ipSequence = 0;
const newIp = () => `10.4.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`;

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const changePassword = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/web-gateway/v2/member/account/pwd', payload, headers });
const resetPassword = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/v2/member/account/reset/pwd', payload, headers });
const isCurrent = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/v2/member/account/current', payload, headers });
const userInfo = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/web-gateway/v2/member/vo', headers: bearer(accessToken) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/passport/account/token/refresh', payload: { refreshToken } });

const memberRow = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0];

/** A member with a password, signed in on two devices: `here` makes the change, `elsewhere` is the other one. */
async function memberOnTwoDevices(values: { mustUpdate?: boolean; loginName?: string } = {}) {
  const member = await t.createMember({ password: OLD });
  if (values.mustUpdate || values.loginName) {
    await t.db
      .update(members)
      .set({ passwordMustUpdate: values.mustUpdate ?? false, loginName: values.loginName })
      .where(eq(members.id, member.id));
  }
  const here = await t.signIn(member.id);
  const elsewhere = await t.signIn(member.id);
  return { member, phone: member.phone ?? '', here, elsewhere };
}

/** The other device's sign-in is over: its refresh fails and its access token is refused at once. */
async function expectSignedOut(session: { access_token: string; refresh_token: string }) {
  expect((await userInfo(session.access_token)).statusCode).toBe(401);
  expect((await refresh(session.refresh_token)).statusCode).toBe(401);
}

describe('PUT /v2/member/account/pwd (change with the current password)', () => {
  it('sets the new password and ends every other sign-in, keeping this one', async () => {
    const { member, here, elsewhere } = await memberOnTwoDevices({ mustUpdate: true });
    const reply = await changePassword(
      { oldPwd: OLD, newPwd: NEW, newPwdConfirm: NEW },
      { authorization: here.authorization },
    );
    expect(reply.statusCode).toBe(204);
    const row = await memberRow(member.id);
    expect(await verifyPassword(row.passwordHash, NEW)).toBe(true);
    expect(await verifyPassword(row.passwordHash, OLD)).toBe(false);
    expect(row.passwordMustUpdate).toBe(false);
    await expectSignedOut(elsewhere);
    expect((await userInfo(here.access_token)).statusCode).toBe(200);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { member, here, elsewhere } = await memberOnTwoDevices();
    const before = (await memberRow(member.id)).passwordHash;
    const reply = await changePassword(
      { oldPwd: 'Wrong@123', newPwd: NEW, newPwdConfirm: NEW },
      { authorization: here.authorization },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message: MSG.oldPasswordWrong, fields: [{ field: 'oldPwd' }] });
    expect((await memberRow(member.id)).passwordHash).toBe(before);
    expect((await userInfo(elsewhere.access_token)).statusCode).toBe(200);
  });

  it.each([
    [{ oldPwd: '' }, 'oldPwd', MSG.oldPasswordEmpty],
    [{ newPwd: '' }, 'newPwd', MSG.newPasswordEmpty],
    [{ newPwd: 'Ab1!', newPwdConfirm: 'Ab1!' }, 'newPwd', MSG.newPasswordLength],
    [{ newPwd: 'abcdefgh1', newPwdConfirm: 'abcdefgh1' }, 'newPwd', MSG.newPasswordClasses],
    [{ newPwd: OLD, newPwdConfirm: OLD }, 'newPwd', MSG.newPasswordSameAsOld],
    [{ newPwdConfirm: '' }, 'newPwdConfirm', MSG.confirmPasswordEmpty],
    [{ newPwdConfirm: 'New@123456' }, 'newPwdConfirm', MSG.passwordsDiffer],
  ])('refuses %j with 400 and the message, changing nothing', async (override, field, message) => {
    const { member, here } = await memberOnTwoDevices();
    const before = (await memberRow(member.id)).passwordHash;
    const reply = await changePassword(
      { oldPwd: OLD, newPwd: NEW, newPwdConfirm: NEW, ...override },
      { authorization: here.authorization },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: ErrorCode.validationFailed, message });
    expect(reply.json().fields[0].field).toBe(field);
    expect((await memberRow(member.id)).passwordHash).toBe(before);
  });

  it('needs a signed-in member', async () => {
    const reply = await changePassword({ oldPwd: OLD, newPwd: NEW, newPwdConfirm: NEW });
    expect(reply.statusCode).toBe(401);
  });

  it('tells a member who has no password yet (signed up by SMS) to set one by SMS code', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await changePassword({ oldPwd: OLD, newPwd: NEW, newPwdConfirm: NEW }, headers);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.passwordNotSetYet);
  });

  it('bounds guesses of the current password like the login: after 3 wrong ones the image code is needed', async () => {
    const { here } = await memberOnTwoDevices();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await changePassword(
        { oldPwd: 'Wrong@123', newPwd: NEW, newPwdConfirm: NEW },
        { authorization: here.authorization },
      );
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.oldPasswordWrong);
    }
    // The lock after 10 and the counters shared with the login: password-check.test.ts.
    const asked = await changePassword(
      { oldPwd: OLD, newPwd: NEW, newPwdConfirm: NEW },
      { authorization: here.authorization },
    );
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: ErrorCode.captchaRequired, fields: [{ field: 'captchaCode' }] });
  });
});

describe('POST /v2/member/account/reset/pwd (by SMS code)', () => {
  it('forget: sets the password and ends every sign-in of the member', async () => {
    const { member, phone, here, elsewhere } = await memberOnTwoDevices({ mustUpdate: true });
    const code = await t.sendSmsCode(phone, 'resetPassword', newIp());
    const reply = await resetPassword({ userName: phone, password: NEW, validCode: code, type: 'forget' });
    expect(reply.statusCode).toBe(204);
    const row = await memberRow(member.id);
    expect(await verifyPassword(row.passwordHash, NEW)).toBe(true);
    expect(row.passwordMustUpdate).toBe(false);
    await expectSignedOut(here);
    await expectSignedOut(elsewhere);
    // The code is used up.
    const again = await resetPassword({ userName: phone, password: 'Again@1234', validCode: code });
    expect(again.statusCode).toBe(400);
  });

  it('update: answers a login result and ends every other sign-in', async () => {
    const loginName = `legacy_${process.pid % 1000}_1`;
    const { member, phone, here } = await memberOnTwoDevices({ mustUpdate: true, loginName });
    const code = await t.sendSmsCode(phone, 'resetPassword', newIp());
    const reply = await resetPassword({ userName: phone, password: NEW, validCode: code, type: 'update', loginName });
    expect(reply.statusCode).toBe(200);
    const login = reply.json();
    expect(login).toMatchObject({ expires_in: 1800 });
    expect((await userInfo(login.access_token)).json().accountId).toBe(member.id);
    await expectSignedOut(here);
    expect((await memberRow(member.id)).passwordMustUpdate).toBe(false);
  });

  it('update: refuses a phone that is not the account of the login name, before touching anything', async () => {
    const { member, phone } = await memberOnTwoDevices({
      mustUpdate: true,
      loginName: `legacy_${process.pid % 1000}_2`,
    });
    const before = (await memberRow(member.id)).passwordHash;
    const code = await t.sendSmsCode(phone, 'resetPassword', newIp());
    const reply = await resetPassword({
      userName: phone,
      password: NEW,
      validCode: code,
      type: 'update',
      loginName: 'somebody_else',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.phoneNotCurrent);
    expect((await memberRow(member.id)).passwordHash).toBe(before);
  });

  it('edit: a signed-in member sets the password by SMS to their own phone; this sign-in stays', async () => {
    const { member, phone, here, elsewhere } = await memberOnTwoDevices();
    const code = await t.sendSmsCode(phone, 'resetPassword', newIp());
    const reply = await resetPassword(
      { userName: phone, password: NEW, validCode: code, type: 'edit' },
      { authorization: here.authorization },
    );
    expect(reply.statusCode).toBe(204);
    expect(await verifyPassword((await memberRow(member.id)).passwordHash, NEW)).toBe(true);
    expect((await userInfo(here.access_token)).statusCode).toBe(200);
    await expectSignedOut(elsewhere);
  });

  it('edit: refuses another phone (请输入与当前账号一致的手机号) and needs a sign-in', async () => {
    const { here } = await memberOnTwoDevices();
    const otherPhone = uniquePhone();
    const code = await t.sendSmsCode(otherPhone, 'resetPassword', newIp());
    const reply = await resetPassword(
      { userName: otherPhone, password: NEW, validCode: code, type: 'edit' },
      { authorization: here.authorization },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message: MSG.phoneNotCurrent, fields: [{ field: 'userName' }] });
    const anonymous = await resetPassword({ userName: otherPhone, password: NEW, validCode: code, type: 'edit' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a wrong code, a code sent for sign-in, and an unregistered phone', async () => {
    const { member, phone } = await memberOnTwoDevices();
    const before = (await memberRow(member.id)).passwordHash;
    await t.sendSmsCode(phone, 'resetPassword', newIp());
    const wrong = await resetPassword({ userName: phone, password: NEW, validCode: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.smsCodeWrong);

    const otherPhone = uniquePhone();
    await t.createMember({ phone: otherPhone, password: OLD });
    const loginCode = await t.sendSmsCode(otherPhone, 'login', newIp());
    const wrongPurpose = await resetPassword({ userName: otherPhone, password: NEW, validCode: loginCode });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json().message).toBe(MSG.smsCodeWrong);

    const stranger = uniquePhone();
    const strangerCode = await t.sendSmsCode(stranger, 'resetPassword', newIp());
    const unregistered = await resetPassword({ userName: stranger, password: NEW, validCode: strangerCode });
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json().message).toBe(MSG.phoneNotRegistered);
    expect((await memberRow(member.id)).passwordHash).toBe(before);
  });

  it('ends a lockout of the password login: the phone is proven', async () => {
    const { member, phone } = await memberOnTwoDevices();
    const key = `pwd-fail:m:${member.id}`;
    for (let guess = 0; guess < 11; guess += 1)
      await countHit(t.db, t.clock.now(), { key, max: 10, windowSeconds: 900 });
    const code = await t.sendSmsCode(phone, 'resetPassword', newIp());
    expect((await resetPassword({ userName: phone, password: NEW, validCode: code })).statusCode).toBe(204);
    expect(await t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key))).toEqual([]);
  });

  it.each([
    [{ userName: '1234' }, 'userName', MSG.phoneMalformed],
    [{ userName: '' }, 'userName', MSG.phoneEmpty],
    [{ password: '' }, 'password', MSG.newPasswordEmpty],
    [{ password: 'short1A' }, 'password', MSG.newPasswordLength],
    [{ password: 'alllowercase1' }, 'password', MSG.newPasswordClasses],
    [{ validCode: '' }, 'validCode', MSG.smsCodeEmpty],
    [{ type: 'steal' }, 'type', MSG.badRequest],
  ])('refuses %j with 400 and the message, keeping the code', async (override, field, message) => {
    const { member, phone } = await memberOnTwoDevices();
    const before = (await memberRow(member.id)).passwordHash;
    const code = await t.sendSmsCode(phone, 'resetPassword', newIp());
    const reply = await resetPassword({ userName: phone, password: NEW, validCode: code, ...override });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: ErrorCode.validationFailed, message });
    expect(reply.json().fields[0].field).toBe(field);
    expect((await memberRow(member.id)).passwordHash).toBe(before);
    // Bad input used nothing up: the code still works.
    expect((await resetPassword({ userName: phone, password: NEW, validCode: code })).statusCode).toBe(204);
  });
});

describe('POST /v2/member/account/current', () => {
  it("answers '1' for the signed-in account's phone and '0' for any other", async () => {
    const { member, headers } = await t.createSignedInMember();
    const own = await isCurrent({ phoneNum: member.phone }, headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ isCurrent: '1' });
    const someoneElse = await t.createMember({});
    expect((await isCurrent({ phoneNum: someoneElse.phone }, headers)).json()).toEqual({ isCurrent: '0' });
    expect((await isCurrent({ phoneNum: uniquePhone() }, headers)).json()).toEqual({ isCurrent: '0' });
  });

  it('needs a signed-in member and a well-formed phone', async () => {
    expect((await isCurrent({ phoneNum: uniquePhone() })).statusCode).toBe(401);
    const { headers } = await t.createSignedInMember();
    const malformed = await isCurrent({ phoneNum: '12345' }, headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MSG.phoneMalformed);
    const empty = await isCurrent({}, headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.phoneEmpty);
  });
});
