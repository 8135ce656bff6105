import { MSG } from '@anxin/shared/common/messages';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userInfo = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/web-gateway/v2/member/vo',
    headers: { authorization: `Bearer ${accessToken}` },
  });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/passport/account/token/refresh', payload: { refreshToken } });

describe('access token', () => {
  it.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer not-a-jwt'],
    ['another scheme', 'Basic abc'],
  ])('answers 401 with a Chinese message for %s', async (_case, authorization) => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/web-gateway/v2/member/vo',
      headers: authorization ? { authorization } : {},
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ code: 'UNAUTHORIZED', message: MSG.notSignedIn });
  });

  // Signed with the server's own key for a live sign-in: only the claims are wrong. Without `exp` a token
  // would never expire; without `sub`/`sid` it names no member or no sign-in.
  it.each([
    ['without exp', { exp: undefined }],
    ['without sub', { sub: undefined }],
    ['without sid', { sid: undefined }],
    ['with a sub that is no member id', { sub: 'abc' }],
    ['with an exp that is no number', { exp: 'never' }],
  ])('answers 401 for a correctly signed token %s', async (_case, change) => {
    const { session } = await t.createSignedInMember();
    const [, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const sign = (values: object) =>
      new SignJWT(JSON.parse(JSON.stringify(values)))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(t.app.services.secrets.jwtSecret);
    // The same claims signed again are accepted: the refusal below comes from the changed claim alone.
    expect((await userInfo(await sign(claims))).statusCode).toBe(200);
    expect((await userInfo(await sign({ ...claims, ...change }))).statusCode).toBe(401);
  });

  it('expires after 30 minutes', async () => {
    const { session } = await t.createSignedInMember();
    expect((await userInfo(session.access_token)).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    expect((await userInfo(session.access_token)).statusCode).toBe(401);
  });
});

describe('an ended sign-in', () => {
  it('is refused at once when another process ends it (the database notifies every server)', async () => {
    const { session } = await t.createSignedInMember();
    // Twice: the second call is answered from the session cache.
    expect((await userInfo(session.access_token)).statusCode).toBe(200);
    expect((await userInfo(session.access_token)).statusCode).toBe(200);
    const [, payload] = session.access_token.split('.');
    const { sid } = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    // A plain UPDATE, as another server or the operator's command line would write it: only the trigger's
    // notification can tell this process.
    await t.db.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'test' where id = ${sid}`);
    await expect.poll(async () => (await userInfo(session.access_token)).statusCode, { timeout: 5000 }).toBe(401);
  });

  it('is refused when its sign-in now belongs to another member', async () => {
    const { session } = await t.createSignedInMember();
    const other = await t.createMember();
    expect((await userInfo(session.access_token)).statusCode).toBe(200);
    const [, payload] = session.access_token.split('.');
    const { sid } = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    await t.db.execute(sql`update sessions set member_id = ${other.id} where id = ${sid}`);
    await expect.poll(async () => (await userInfo(session.access_token)).statusCode, { timeout: 5000 }).toBe(401);
  });
});

describe('refresh token', () => {
  it('rotates: the new pair works, the old refresh token does not', async () => {
    const { session } = await t.createSignedInMember();
    const rotated = await refresh(session.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect((await userInfo(next.access_token)).statusCode).toBe(200);
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('ends the whole sign-in when a used one is presented again (reuse detection)', async () => {
    const { session } = await t.createSignedInMember();
    const next = (await refresh(session.refresh_token)).json();
    const reuse = await refresh(session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await userInfo(next.access_token)).statusCode).toBe(401);
  });

  it('lets only one of two parallel refreshes win', async () => {
    const { session } = await t.createSignedInMember();
    const replies = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401]);
  });

  it('expires after 30 days', async () => {
    const { session } = await t.createSignedInMember();
    t.clock.advance(30 * 86_400_000 + 1000);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an unknown or empty token', async () => {
    expect((await refresh('unknown')).statusCode).toBe(401);
    const empty = await refresh('');
    expect(empty.statusCode).toBe(400);
  });
});

describe('logout', () => {
  it('revokes both tokens', async () => {
    const { session } = await t.createSignedInMember();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/logout',
      payload: { refreshToken: session.refresh_token, accessToken: session.access_token },
    });
    expect(reply.statusCode).toBe(204);
    expect((await userInfo(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('ends only the sign-in it names', async () => {
    const { member, session } = await t.createSignedInMember();
    const other = await t.signIn(member.id);
    await t.app.inject({ method: 'POST', url: '/web-gateway/logout', payload: { accessToken: session.access_token } });
    expect((await userInfo(other.access_token)).statusCode).toBe(200);
  });

  it('ends the sign-in of the Bearer header alone, with no body and no content type', async () => {
    const { session } = await t.createSignedInMember();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/logout',
      headers: { authorization: session.authorization },
    });
    expect(reply.statusCode).toBe(204);
    expect((await userInfo(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('ends the sign-in of the Bearer header with an empty JSON body', async () => {
    const { session } = await t.createSignedInMember();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/logout',
      headers: { authorization: session.authorization, 'content-type': 'application/json' },
      payload: '',
    });
    expect(reply.statusCode).toBe(204);
    expect((await userInfo(session.access_token)).statusCode).toBe(401);
  });

  it('always succeeds, even with unknown tokens', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/web-gateway/logout', payload: { refreshToken: 'x' } });
    expect(reply.statusCode).toBe(204);
  });
});
