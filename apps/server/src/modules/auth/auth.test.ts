import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/web-gateway${url}`, payload: payload as object, headers });

describe('health', () => {
  it('answers ok once the database is reachable', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/web-gateway/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });
});

describe('register and SMS sign-in', () => {
  it('registers with an SMS code, signs in and reads the user info', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'register');
    const reply = await post('/v2/member/account/register', { userName: phone, validCode: code, password: 'Abc12345' });
    expect(reply.statusCode).toBe(201);
    const login = reply.json();
    expect(login).toMatchObject({ expires_in: 1800 });
    const info = await t.app.inject({
      method: 'GET',
      url: '/web-gateway/v2/member/vo',
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      nickName: `安心用户${phone.slice(-4)}`,
      phoneStr: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    });
  });
});
