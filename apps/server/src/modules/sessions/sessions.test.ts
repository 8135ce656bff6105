import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API = '/web-gateway';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signInWith(memberId: number, method: string, userAgent: string, ip: string) {
  const result = await t.app.services.tokens.signIn({ memberId, method, userAgent, ip });
  return { authorization: `Bearer ${result.access_token}`, refreshToken: result.refresh_token };
}

const list = (authorization: string) =>
  t.app.inject({ method: 'GET', url: `${API}/v2/member/sessions`, headers: { authorization } });
const isSignedIn = async (authorization: string) =>
  (await t.app.inject({ method: 'GET', url: `${API}/v2/member/vo`, headers: { authorization } })).statusCode === 200;

describe('GET /v2/member/sessions', () => {
  it('lists the active sign-ins, current first, with method, device and IP, and the recent history', async () => {
    const member = await t.createMember();
    const phone = await signInWith(member.id, 'sms', SAFARI_IPHONE, '203.0.113.9');
    t.clock.advanceMinutes(1);
    const pc = await signInWith(member.id, 'qq', CHROME_WINDOWS, '198.51.100.7');
    const reply = await list(phone.authorization);
    expect(reply.statusCode).toBe(200);
    const { sessions, signIns } = reply.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      isCurrent: true,
      method: 'sms',
      methodName: '短信验证码登录',
      device: 'Safari · iPhone',
      ip: '203.0.113.9',
      endedAt: null,
    });
    expect(sessions[1]).toMatchObject({ isCurrent: false, methodName: 'QQ登录', device: 'Chrome · Windows' });
    expect(signIns.map((item: { method: string }) => item.method)).toEqual(['qq', 'sms']);
    expect(pc.authorization).not.toBe(phone.authorization);
  });

  it('leaves out ended sign-ins from the active list but keeps them in the history', async () => {
    const member = await t.createMember();
    const current = await signInWith(member.id, 'sms', CHROME_WINDOWS, '10.0.0.2');
    const old = await signInWith(member.id, 'password', SAFARI_IPHONE, '10.0.0.3');
    await t.app.inject({ method: 'POST', url: `${API}/logout`, payload: { refreshToken: old.refreshToken } });
    const { sessions, signIns } = (await list(current.authorization)).json();
    expect(sessions).toHaveLength(1);
    expect(signIns.find((item: { method: string }) => item.method === 'password').endedAt).toEqual(expect.any(String));
  });

  it('needs a signed-in member', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/v2/member/sessions` })).statusCode).toBe(401);
  });
});

describe('DELETE /v2/member/sessions/:id', () => {
  it('signs another device out at once', async () => {
    const member = await t.createMember();
    const here = await signInWith(member.id, 'sms', CHROME_WINDOWS, '10.0.0.2');
    const there = await signInWith(member.id, 'sms', SAFARI_IPHONE, '10.0.0.3');
    const { sessions } = (await list(here.authorization)).json();
    const other = sessions.find((item: { isCurrent: boolean }) => !item.isCurrent);
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `${API}/v2/member/sessions/${other.id}`,
      headers: { authorization: here.authorization },
    });
    expect(reply.statusCode).toBe(204);
    expect(await isSignedIn(there.authorization)).toBe(false);
    expect(await isSignedIn(here.authorization)).toBe(true);
    const refresh = await t.app.inject({
      method: 'POST',
      url: `${API}/passport/account/token/refresh`,
      payload: { refreshToken: there.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('answers 404 for another member’s sign-in and leaves it alone', async () => {
    const mine = await signInWith((await t.createMember()).id, 'sms', CHROME_WINDOWS, '10.0.0.2');
    const theirs = await signInWith((await t.createMember()).id, 'sms', CHROME_WINDOWS, '10.0.0.4');
    const theirId = (await list(theirs.authorization)).json().sessions[0].id;
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `${API}/v2/member/sessions/${theirId}`,
      headers: { authorization: mine.authorization },
    });
    expect(reply.statusCode).toBe(404);
    expect(await isSignedIn(theirs.authorization)).toBe(true);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const unknown = await t.app.inject({
        method: 'DELETE',
        url: `${API}/v2/member/sessions/${id}`,
        headers: { authorization: mine.authorization },
      });
      expect(unknown.statusCode).toBe(404);
    }
  });

  it('needs a signed-in member', async () => {
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `${API}/v2/member/sessions/00000000-0000-4000-8000-000000000000`,
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('POST /v2/member/sessions/revoke-all', () => {
  it('ends every other sign-in and keeps the current one', async () => {
    const member = await t.createMember();
    const here = await signInWith(member.id, 'sms', CHROME_WINDOWS, '10.0.0.2');
    const others = await Promise.all([
      signInWith(member.id, 'sms', SAFARI_IPHONE, '10.0.0.3'),
      signInWith(member.id, 'weixin', SAFARI_IPHONE, '10.0.0.4'),
    ]);
    const stranger = await signInWith((await t.createMember()).id, 'sms', CHROME_WINDOWS, '10.0.0.5');
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/sessions/revoke-all`,
      headers: { authorization: here.authorization },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ revoked: 2 });
    for (const other of others) expect(await isSignedIn(other.authorization)).toBe(false);
    expect(await isSignedIn(here.authorization)).toBe(true);
    expect(await isSignedIn(stranger.authorization)).toBe(true);
    expect((await list(here.authorization)).json().sessions).toHaveLength(1);
  });

  it('needs a signed-in member', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${API}/v2/member/sessions/revoke-all` })).statusCode).toBe(401);
  });
});
