import { createHash } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxClientSecret } from '../../platform/oauth/sandbox-oauth.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { insertMember } from '../account/account.repository.ts';
import {
  createSandboxIdentity,
  decide,
  followCallback,
  freshTicket,
  signInWithProvider,
  startAuthorize,
} from './oauth-flow.test-support.ts';
import { oauthStates, thirdPartyIdentities } from './third-party.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API = '/web-gateway';

async function stateCount() {
  return (await t.db.select().from(oauthStates)).length;
}

/** A member with a phone who registered through a third-party account (ticket → thirdPartyRegistry). */
async function registerThroughProvider(thirdType = 1) {
  const { ticket, identityId } = await freshTicket(t, thirdType);
  const phone = uniquePhone();
  const code = await t.sendSmsCode(phone, 'bindPhone');
  const reply = await t.app.inject({
    method: 'PUT',
    url: `${API}/v2/member/account/thirdPartyRegistry`,
    payload: { ticket, userName: phone, validCode: code },
  });
  expect(reply.statusCode).toBe(200);
  return { identityId, phone, login: reply.json() as { access_token: string } };
}

async function bindOnSafePage(headers: Record<string, string>, thirdType = 1, identityId?: number) {
  const { params } = await signInWithProvider(t, thirdType, { identityId, query: { origin: 'safe' } });
  return t.app.inject({
    method: 'PUT',
    url: `${API}/v2/member/account/binder`,
    headers,
    payload: { loginName: params.get('ticket') ?? '', loginType: thirdType + 1 },
  });
}

describe('GET /passport/oauth2/:thirdType/authorize', () => {
  it('redirects to the provider with client id, our callback, a state and an S256 challenge; keeps only hashes', async () => {
    const { reply, consent, location } = await startAuthorize(t, 1, { backUrl: '/user/order', platform: 'PC' });
    expect(reply.statusCode).toBe(302);
    expect(location).toMatch(/^\/sandbox\/oauth\/qq\/authorize\?/);
    expect(consent).toMatchObject({
      client_id: 'sandbox-qq',
      redirect_uri: '/web-gateway/passport/oauth2/callback/qq',
      code_challenge_method: 'S256',
    });
    expect(consent?.state.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(
        eq(
          oauthStates.stateHash,
          createHash('sha256')
            .update(consent?.state ?? '')
            .digest('hex'),
        ),
      );
    expect(row).toMatchObject({ thirdType: 1, backUrl: '/user/order', origin: 'login', platform: 'PC' });
    // The challenge is S256 of the stored verifier; the verifier itself never leaves the server.
    expect(
      createHash('sha256')
        .update(row.codeVerifier ?? '')
        .digest('base64url'),
    ).toBe(consent?.code_challenge);
    expect(location).not.toContain(row.codeVerifier);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com', 'evil.com'])(
    'refuses the open redirect %j and stores nothing',
    async (backUrl) => {
      const before = await stateCount();
      const { reply } = await startAuthorize(t, 2, { backUrl });
      expect(reply.statusCode).toBe(400);
      expect(await stateCount()).toBe(before);
    },
  );

  it.each(['0', '5', 'qq'])('refuses third type %s', async (type) => {
    const reply = await t.app.inject({ method: 'GET', url: `${API}/passport/oauth2/${type}/authorize` });
    expect(reply.statusCode).toBe(400);
  });

  it('answers each of the four kinds with its own sandbox page', async () => {
    for (const [type, provider] of [
      [1, 'qq'],
      [2, 'weixin'],
      [3, 'alipay'],
      [4, 'weibo'],
    ] as const) {
      const { location } = await startAuthorize(t, type);
      expect(location).toContain(`/sandbox/oauth/${provider}/authorize`);
    }
  });
});

describe('GET /passport/oauth2/callback/:provider', () => {
  it('sends an unbound account to bind a phone with a signed ticket, never the bare openId', async () => {
    const { consent } = await startAuthorize(t, 2, { backUrl: '/user/order' });
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'weixin', '微信用户甲');
    const callback = await followCallback(t, await decide(t, consent, identity.id));
    expect(callback.statusCode).toBe(302);
    const location = callback.headers.location as string;
    const url = new URL(location, 'http://x.invalid');
    expect(url.pathname).toBe('/user/login');
    expect(url.searchParams.get('isBind')).toBe('0');
    expect(url.searchParams.get('thirdType')).toBe('2');
    expect(url.searchParams.get('backurl')).toBe('/user/order');
    expect(url.searchParams.get('ticket')?.split('.')).toHaveLength(3);
    expect(location).not.toContain(identity.openId);
    expect(location).not.toContain('access_token');
  });

  it('refuses a tampered state with an error page, and a state used twice', async () => {
    const { consent } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'qq');
    const callbackUrl = await decide(t, consent, identity.id);
    const tampered = callbackUrl.replace(/state=([^&]+)/, (_m, state: string) => `state=${state.slice(0, -2)}xx`);
    const refused = await followCallback(t, tampered);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain(MSG.oauthStateInvalid);

    expect((await followCallback(t, callbackUrl)).statusCode).toBe(302);
    const replay = await followCallback(t, callbackUrl);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(MSG.oauthStateInvalid);
  });

  it('refuses a state of another provider and a missing state', async () => {
    const { consent } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const other = await followCallback(t, `${API}/passport/oauth2/callback/weibo?code=x&state=${consent.state}`);
    expect(other.statusCode).toBe(400);
    const none = await followCallback(t, `${API}/passport/oauth2/callback/qq?code=x`);
    expect(none.statusCode).toBe(400);
    const unknown = await followCallback(t, `${API}/passport/oauth2/callback/github?code=x&state=y`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an expired state (10 minutes)', async () => {
    const { consent } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'qq');
    const callbackUrl = await decide(t, consent, identity.id);
    t.clock.advanceMinutes(11);
    const reply = await followCallback(t, callbackUrl);
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(MSG.oauthStateInvalid);
  });

  it('shows an error page when the code exchange fails (unknown, replayed or PKCE-mismatched code)', async () => {
    const { consent } = await startAuthorize(t, 3);
    if (!consent) throw new Error('no consent');
    const reply = await followCallback(t, `${consent.redirect_uri}?code=not-a-code&state=${consent.state}`);
    expect(reply.statusCode).toBe(502);
    expect(reply.body).toContain(MSG.oauthExchangeFailed);

    // A code issued for another round trip (another PKCE challenge) does not work with this one's verifier.
    const first = await startAuthorize(t, 3);
    const second = await startAuthorize(t, 3);
    if (!first.consent || !second.consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'alipay');
    const codeForFirst = new URL(await decide(t, first.consent, identity.id), 'http://x.invalid').searchParams.get(
      'code',
    );
    const mixed = await followCallback(
      t,
      `${second.consent.redirect_uri}?code=${codeForFirst}&state=${second.consent.state}`,
    );
    expect(mixed.statusCode).toBe(502);
    expect(mixed.body).toContain(MSG.oauthExchangeFailed);
  });

  it('returns to the login page with oauthError=denied when the shopper refuses', async () => {
    const { consent } = await startAuthorize(t, 4);
    if (!consent) throw new Error('no consent');
    const reply = await followCallback(t, await decide(t, consent, undefined, false));
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('/user/login?oauthError=denied');
  });

  it('signs a bound account in through a one-time code: the URL carries no token', async () => {
    const { identityId } = await registerThroughProvider(1);
    const { callback, params } = await signInWithProvider(t, 1, { identityId, query: { backUrl: '/user/order' } });
    expect(callback.statusCode).toBe(302);
    const code = params.get('oauthCode') ?? '';
    expect(code.length).toBeGreaterThan(20);
    expect(params.get('backurl')).toBe('/user/order');
    expect(callback.headers.location).not.toMatch(/token/i);

    const result = await t.app.inject({ method: 'GET', url: `${API}/passport/oauth2/result?code=${code}` });
    expect(result.statusCode).toBe(200);
    const login = result.json();
    expect(login).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const vo = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/vo`,
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(vo.statusCode).toBe(200);

    const again = await t.app.inject({ method: 'GET', url: `${API}/passport/oauth2/result?code=${code}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.oauthResultInvalid);
  });

  it('lets the one-time code expire after 2 minutes', async () => {
    const { identityId } = await registerThroughProvider(4);
    const { params } = await signInWithProvider(t, 4, { identityId });
    t.clock.advanceMinutes(3);
    const reply = await t.app.inject({
      method: 'GET',
      url: `${API}/passport/oauth2/result?code=${params.get('oauthCode')}`,
    });
    expect(reply.statusCode).toBe(400);
  });
});

describe('sandbox token endpoint', () => {
  it('refuses a wrong client secret, a wrong verifier and a second exchange (RFC 6749 errors)', async () => {
    const { consent } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'qq');
    const code = new URL(await decide(t, consent, identity.id), 'http://x.invalid').searchParams.get('code') ?? '';
    const exchange = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/sandbox/oauth/qq/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: consent.redirect_uri,
          client_id: 'sandbox-qq',
          client_secret: 'wrong',
          code_verifier: 'wrong-verifier-wrong-verifier-wrong-verifier-00',
          ...fields,
        }).toString(),
      });
    const badClient = await exchange({});
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json()).toEqual({ error: 'invalid_client' });

    const secret = sandboxClientSecret('qq', t.app.services.secrets.jwtSecret);
    const badVerifier = await exchange({ client_secret: secret });
    expect(badVerifier.statusCode).toBe(400);
    expect(badVerifier.json().error).toBe('invalid_grant');
    // The failed try used the code up, as a provider does: a fresh code with the right verifier works once.
    const [stateRow] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, createHash('sha256').update(consent.state).digest('hex')));
    const next = await startAuthorize(t, 1);
    if (!next.consent) throw new Error('no consent');
    const [nextState] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, createHash('sha256').update(next.consent.state).digest('hex')));
    const nextCode =
      new URL(await decide(t, next.consent, identity.id), 'http://x.invalid').searchParams.get('code') ?? '';
    const good = await exchange({ code: nextCode, client_secret: secret, code_verifier: nextState.codeVerifier ?? '' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ token_type: 'bearer', openid: identity.openId });
    const profile = await t.app.inject({
      method: 'GET',
      url: `${API}/sandbox/oauth/qq/userinfo`,
      headers: { authorization: `Bearer ${good.json().access_token}` },
    });
    expect(profile.json()).toEqual({ openid: identity.openId, nickname: '测试用户', avatar: null });
    const replay = await exchange({
      code: nextCode,
      client_secret: secret,
      code_verifier: nextState.codeVerifier ?? '',
    });
    expect(replay.statusCode).toBe(400);
    expect(stateRow.codeVerifier).not.toBe(nextState.codeVerifier);
  });

  it('refuses decisions for another client or another redirect URI', async () => {
    const { consent } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'qq');
    for (const change of [{ client_id: 'evil' }, { redirect_uri: 'https://evil.com/cb' }]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `${API}/sandbox/oauth/qq/decisions`,
        payload: { ...consent, provider: undefined, ...change, approve: true, identityId: identity.id },
      });
      expect(reply.statusCode).toBe(400);
    }
  });

  it('answers 401 invalid_token for an unknown access token', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: `${API}/sandbox/oauth/qq/userinfo`,
      headers: { authorization: 'Bearer nope' },
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('thirdBinder and binder', () => {
  it('needs a signed-in member', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/v2/member/account/thirdBinder` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/v2/member/account/thirdBinder?type=1` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${API}/v2/member/account/binder`,
          payload: { loginName: 'x', loginType: 2 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists the four kinds; binding from the safety page (isBind 0 + ticket) shows up bound', async () => {
    const { headers } = await t.createSignedInMember();
    const before = await t.app.inject({ method: 'GET', url: `${API}/v2/member/account/thirdBinder`, headers });
    expect(before.json()).toEqual([
      { type: 1, name: 'QQ', isBind: false, nickname: null, boundAt: null },
      { type: 2, name: '微信', isBind: false, nickname: null, boundAt: null },
      { type: 3, name: '支付宝', isBind: false, nickname: null, boundAt: null },
      { type: 4, name: '微博', isBind: false, nickname: null, boundAt: null },
    ]);

    const { params } = await signInWithProvider(t, 2, { query: { origin: 'safe' } });
    expect(params.get('isBind')).toBe('0');
    const bound = await t.app.inject({
      method: 'PUT',
      url: `${API}/v2/member/account/binder`,
      headers,
      payload: { loginName: params.get('ticket'), loginType: 3 },
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().message).toBe('您的微信账号已关联成功，可直接使用该账号登录');
    const after = (await t.app.inject({ method: 'GET', url: `${API}/v2/member/account/thirdBinder`, headers })).json();
    expect(after[1]).toMatchObject({ type: 2, isBind: true, nickname: '测试用户', boundAt: expect.any(String) });
  });

  it('returns isBind 1 to the safety page for an account bound elsewhere, and refuses binding it again', async () => {
    const first = await t.createSignedInMember();
    const { params: firstParams, identityId } = await signInWithProvider(t, 1, { query: { origin: 'safe' } });
    const ticket = firstParams.get('ticket') ?? '';
    const bind = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/v2/member/account/binder`,
        headers,
        payload: { loginName: ticket, loginType: 2 },
      });
    expect((await bind(first.headers)).statusCode).toBe(200);

    const second = await t.createSignedInMember();
    const replay = await bind(second.headers);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'THIRD_ACCOUNT_TAKEN', message: MSG.thirdAccountTaken });

    const { params, callback } = await signInWithProvider(t, 1, { identityId, query: { origin: 'safe' } });
    expect(callback.headers.location).toBe('/user/personal/safe?isBind=1&thirdType=1');
    expect(params.get('ticket')).toBeNull();
  });

  it('keeps one account per kind per member', async () => {
    const { headers } = await t.createSignedInMember();
    expect((await bindOnSafePage(headers, 4)).statusCode).toBe(200);
    const second = await bindOnSafePage(headers, 4);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('您已绑定其他微博账号，请先解绑');
  });

  it('refuses a forged, altered, expired or mismatched ticket', async () => {
    const { headers } = await t.createSignedInMember();
    const forged = await new SignJWT({ tt: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'oauth-ticket' })
      .setSubject('someone-elses-openid')
      .setAudience('anxin:oauth-bind-ticket')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('an attacker secret of 32 bytes!!'));
    const { ticket } = await freshTicket(t, 1);
    const [head, body, signature] = ticket.split('.');
    const altered = `${head}.${body.slice(0, -3)}abc.${signature}`;
    for (const loginName of [forged, altered, 'not-a-jwt', head]) {
      const reply = await t.app.inject({
        method: 'PUT',
        url: `${API}/v2/member/account/binder`,
        headers,
        payload: { loginName, loginType: 2 },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.oauthTicketInvalid);
    }
    const mismatched = await t.app.inject({
      method: 'PUT',
      url: `${API}/v2/member/account/binder`,
      headers,
      payload: { loginName: ticket, loginType: 3 },
    });
    expect(mismatched.statusCode).toBe(400);

    // An access token is a JWT with the same key, but not a ticket.
    const accessToken = headers.authorization.slice(7);
    const confused = await t.app.inject({
      method: 'PUT',
      url: `${API}/v2/member/account/binder`,
      headers,
      payload: { loginName: accessToken, loginType: 2 },
    });
    expect(confused.statusCode).toBe(400);

    t.clock.advanceMinutes(11);
    const expired = await t.app.inject({
      method: 'PUT',
      url: `${API}/v2/member/account/binder`,
      headers,
      payload: { loginName: ticket, loginType: 2 },
    });
    expect(expired.statusCode).toBe(400);
    expect(
      await t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.openId, 'someone-elses-openid')),
    ).toEqual([]);
  });
});

describe('DELETE /v2/member/account/thirdBinder', () => {
  it('unbinds, answers 404 for a kind not bound, and leaves other members alone', async () => {
    const member = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    expect((await bindOnSafePage(member.headers, 3)).statusCode).toBe(200);
    expect((await bindOnSafePage(other.headers, 3)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${API}/v2/member/account/thirdBinder?type=3`,
      headers: member.headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${API}/v2/member/account/thirdBinder?type=3`,
      headers: member.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.thirdNotBound);
    const others = await t.db
      .select()
      .from(thirdPartyIdentities)
      .where(eq(thirdPartyIdentities.memberId, other.member.id));
    expect(others).toHaveLength(1);
  });

  it('refuses to leave an account without a way in (no phone)', async () => {
    const now = t.clock.now();
    const member = await insertMember(t.db, { phone: null, nickname: '旧账号用户', createdAt: now, updatedAt: now });
    await t.db
      .insert(thirdPartyIdentities)
      .values({ memberId: member.id, thirdType: 1, openId: `legacy-${member.id}`, boundAt: now });
    const { authorization } = await t.signIn(member.id);
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `${API}/v2/member/account/thirdBinder?type=1`,
      headers: { authorization },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(MSG.unbindNeedsPhone);
    expect(
      await t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.memberId, member.id)),
    ).toHaveLength(1);
  });

  it('refuses a type outside 1-4', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await t.app.inject({ method: 'DELETE', url: `${API}/v2/member/account/thirdBinder?type=9`, headers });
    expect(reply.statusCode).toBe(400);
  });
});
