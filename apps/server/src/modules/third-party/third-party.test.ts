import { createHash } from 'node:crypto';
import { MSG } from '@anxin/shared/common/messages';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxClientSecret } from '../../platform/oauth/sandbox-oauth.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { insertMember, members } from '../account/account.module.ts';
import {
  type Browser,
  browserCookieOf,
  createSandboxIdentity,
  decide,
  followCallback,
  freshTicket,
  signInWithProvider,
  startAuthorize,
} from './oauth-flow.test-support.ts';
import { oauthLoginCodes, oauthStates, sandboxOauthIdentities, thirdPartyIdentities } from './third-party.schema.ts';

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
  const { ticket, identityId, cookie } = await freshTicket(t, thirdType);
  const phone = uniquePhone();
  const code = await t.sendSmsCode(phone, 'bindPhone');
  const reply = await t.app.inject({
    method: 'PUT',
    url: `${API}/v2/member/account/thirdPartyRegistry`,
    headers: { cookie },
    payload: { ticket, userName: phone, validCode: code },
  });
  expect(reply.statusCode).toBe(200);
  return { identityId, phone, login: reply.json() as { access_token: string } };
}

/** The member's own round trip from the safety page, in the member's browser, then PUT binder there. */
async function bindOnSafePage(headers: Record<string, string>, thirdType = 1, identityId?: number) {
  const { params, cookie } = await signInWithProvider(t, thirdType, {
    identityId,
    query: { origin: 'safe' },
    browser: { headers },
  });
  return t.app.inject({
    method: 'PUT',
    url: `${API}/v2/member/account/binder`,
    headers: { ...headers, cookie },
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
    const { consent, cookie } = await startAuthorize(t, 2, { backUrl: '/user/order' });
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'weixin', '微信用户甲');
    const callback = await followCallback(t, await decide(t, consent, identity.id), cookie);
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
    const { consent, cookie } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'qq');
    const callbackUrl = await decide(t, consent, identity.id);
    const tampered = callbackUrl.replace(/state=([^&]+)/, (_m, state: string) => `state=${state.slice(0, -2)}xx`);
    const refused = await followCallback(t, tampered, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain(MSG.oauthStateInvalid);

    expect((await followCallback(t, callbackUrl, cookie)).statusCode).toBe(302);
    const replay = await followCallback(t, callbackUrl, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(MSG.oauthStateInvalid);
  });

  it('refuses a state of another provider and a missing state', async () => {
    const { consent, cookie } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const other = await followCallback(
      t,
      `${API}/passport/oauth2/callback/weibo?code=x&state=${consent.state}`,
      cookie,
    );
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain(MSG.oauthStateInvalid);
    const none = await followCallback(t, `${API}/passport/oauth2/callback/qq?code=x`, cookie);
    expect(none.statusCode).toBe(400);
    const unknown = await followCallback(t, `${API}/passport/oauth2/callback/github?code=x&state=y`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an expired state (10 minutes)', async () => {
    const { consent, cookie } = await startAuthorize(t, 1);
    if (!consent) throw new Error('no consent');
    const identity = await createSandboxIdentity(t, 'qq');
    const callbackUrl = await decide(t, consent, identity.id);
    t.clock.advanceMinutes(11);
    const reply = await followCallback(t, callbackUrl, cookie);
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(MSG.oauthStateInvalid);
  });

  it('shows an error page when the code exchange fails (unknown, replayed or PKCE-mismatched code)', async () => {
    const { consent, cookie } = await startAuthorize(t, 3);
    if (!consent) throw new Error('no consent');
    const reply = await followCallback(t, `${consent.redirect_uri}?code=not-a-code&state=${consent.state}`, cookie);
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
      second.cookie,
    );
    expect(mixed.statusCode).toBe(502);
    expect(mixed.body).toContain(MSG.oauthExchangeFailed);
  });

  it('returns to the login page with oauthError=denied when the shopper refuses', async () => {
    const { consent, cookie } = await startAuthorize(t, 4);
    if (!consent) throw new Error('no consent');
    const reply = await followCallback(t, await decide(t, consent, undefined, false), cookie);
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('/user/login?oauthError=denied');
  });

  it('signs a bound account in through a one-time code: the URL carries no token', async () => {
    const { identityId } = await registerThroughProvider(1);
    const { callback, params, cookie } = await signInWithProvider(t, 1, {
      identityId,
      query: { backUrl: '/user/order' },
    });
    expect(callback.statusCode).toBe(302);
    const code = params.get('oauthCode') ?? '';
    expect(code.length).toBeGreaterThan(20);
    expect(params.get('backurl')).toBe('/user/order');
    expect(callback.headers.location).not.toMatch(/token/i);

    const result = await t.app.inject({
      method: 'GET',
      url: `${API}/passport/oauth2/result?code=${code}`,
      headers: { cookie },
    });
    expect(result.statusCode).toBe(200);
    const login = result.json();
    expect(login).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const vo = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/vo`,
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(vo.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'GET',
      url: `${API}/passport/oauth2/result?code=${code}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.oauthResultInvalid);
  });

  it('lets the one-time code expire after 2 minutes', async () => {
    const { identityId } = await registerThroughProvider(4);
    const { params, cookie } = await signInWithProvider(t, 4, { identityId });
    t.clock.advanceMinutes(3);
    const reply = await t.app.inject({
      method: 'GET',
      url: `${API}/passport/oauth2/result?code=${params.get('oauthCode')}`,
      headers: { cookie },
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

    const { params, cookie } = await signInWithProvider(t, 2, { query: { origin: 'safe' }, browser: { headers } });
    expect(params.get('isBind')).toBe('0');
    const bound = await t.app.inject({
      method: 'PUT',
      url: `${API}/v2/member/account/binder`,
      headers: { ...headers, cookie },
      payload: { loginName: params.get('ticket'), loginType: 3 },
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().message).toBe('您的微信账号已关联成功，可直接使用该账号登录');
    const after = (await t.app.inject({ method: 'GET', url: `${API}/v2/member/account/thirdBinder`, headers })).json();
    expect(after[1]).toMatchObject({ type: 2, isBind: true, nickname: '测试用户', boundAt: expect.any(String) });
  });

  it('returns isBind 1 to the safety page for an account bound elsewhere, and refuses binding it again', async () => {
    const first = await t.createSignedInMember();
    const second = await t.createSignedInMember();
    const identityId = (await createSandboxIdentity(t, 'qq')).id;
    // Both members hold a ticket of their own for the same QQ account while it is still free.
    const firstRound = await signInWithProvider(t, 1, {
      identityId,
      query: { origin: 'safe' },
      browser: { headers: first.headers },
    });
    const secondRound = await signInWithProvider(t, 1, {
      identityId,
      query: { origin: 'safe' },
      browser: { headers: second.headers },
    });
    const bind = (headers: Record<string, string>, round: typeof firstRound) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/v2/member/account/binder`,
        headers: { ...headers, cookie: round.cookie },
        payload: { loginName: round.params.get('ticket') ?? '', loginType: 2 },
      });
    expect((await bind(first.headers, firstRound)).statusCode).toBe(200);

    const late = await bind(second.headers, secondRound);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'THIRD_ACCOUNT_TAKEN', message: MSG.thirdAccountTaken });

    const { params, callback } = await signInWithProvider(t, 1, {
      identityId,
      query: { origin: 'safe' },
      browser: { headers: second.headers },
    });
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
    const { headers, member } = await t.createSignedInMember();
    const forged = await new SignJWT({ tt: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'oauth-ticket' })
      .setSubject('someone-elses-openid')
      .setAudience('anxin:oauth-bind-ticket')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('an attacker secret of 32 bytes!!'));
    const { params, cookie } = await signInWithProvider(t, 1, { query: { origin: 'safe' }, browser: { headers } });
    const ticket = params.get('ticket') ?? '';
    const put = (loginName: string, loginType: number) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/v2/member/account/binder`,
        headers: { ...headers, cookie },
        payload: { loginName, loginType },
      });
    const [head, body, signature] = ticket.split('.');
    const altered = `${head}.${body.slice(0, -3)}abc.${signature}`;
    for (const loginName of [forged, altered, 'not-a-jwt', head]) {
      const reply = await put(loginName, 2);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.oauthBindTicketInvalid);
    }
    expect((await put(ticket, 3)).statusCode).toBe(400);

    // An access token is a JWT with the same key, but not a ticket.
    expect((await put(headers.authorization.slice(7), 2)).statusCode).toBe(400);

    t.clock.advanceMinutes(11);
    expect((await put(ticket, 2)).statusCode).toBe(400);
    expect(
      await t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.openId, 'someone-elses-openid')),
    ).toEqual([]);
    expect(await t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.memberId, member.id))).toEqual(
      [],
    );
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

describe('issue 10: a round trip belongs to the browser that started it, a bind to the member who started it', () => {
  const binder = (browser: Browser, ticket: string, loginType: number) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/v2/member/account/binder`,
      headers: { ...browser.headers, ...(browser.cookie ? { cookie: browser.cookie } : {}) },
      payload: { loginName: ticket, loginType },
    });
  const identitiesOf = async (identityId: number, provider: string) => {
    const [identity] = await t.db
      .select()
      .from(sandboxOauthIdentities)
      .where(and(eq(sandboxOauthIdentities.id, identityId), eq(sandboxOauthIdentities.provider, provider)));
    return t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.openId, identity.openId));
  };
  const membersWithPhone = (phone: string) => t.db.select().from(members).where(eq(members.phone, phone));

  it("refuses the attacker's safety-page ticket to a signed-in victim, whatever cookie comes with it: nothing is bound", async () => {
    const attacker = await t.createSignedInMember();
    const victim = await t.createSignedInMember();
    const attackers = await signInWithProvider(t, 2, {
      query: { origin: 'safe' },
      browser: { headers: attacker.headers },
    });
    const ticket = attackers.params.get('ticket') ?? '';
    expect(ticket).not.toBe('');
    const victimsOwn = await startAuthorize(t, 2, { origin: 'safe' }, { headers: victim.headers });

    for (const cookie of ['', victimsOwn.cookie, attackers.cookie]) {
      const reply = await binder({ headers: victim.headers, cookie }, ticket, 3);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.oauthBindTicketInvalid);
    }
    expect(await identitiesOf(attackers.identityId, 'weixin')).toEqual([]);
  });

  it('starts a safety-page round trip only for a signed-in member, and stores nothing otherwise', async () => {
    const before = await stateCount();
    const { reply } = await startAuthorize(t, 2, { origin: 'safe' });
    expect(reply.statusCode).toBe(401);
    expect(await stateCount()).toBe(before);
  });

  it('refuses a sign-in ticket on the safety page, even in its own browser', async () => {
    const member = await t.createSignedInMember();
    const { ticket, cookie, identityId } = await freshTicket(t, 1);
    const reply = await binder({ headers: member.headers, cookie }, ticket, 2);
    expect(reply.statusCode).toBe(400);
    expect(await identitiesOf(identityId, 'qq')).toEqual([]);
  });

  it('answers an error page, and no code, to a sign-in callback opened in another browser', async () => {
    const { identityId } = await registerThroughProvider(2);
    const { consent, cookie } = await startAuthorize(t, 2);
    if (!consent) throw new Error('no consent');
    const callbackUrl = await decide(t, consent, identityId);
    const codesBefore = (await t.db.select().from(oauthLoginCodes)).length;

    const elsewhere = await startAuthorize(t, 2);
    for (const otherCookie of ['', elsewhere.cookie, 'anxin_oauth=forged']) {
      const reply = await followCallback(t, callbackUrl, otherCookie);
      expect(reply.statusCode).toBe(400);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(reply.headers.location).toBeUndefined();
      expect(reply.body).toContain(MSG.oauthOtherBrowser);
    }
    expect((await t.db.select().from(oauthLoginCodes)).length).toBe(codesBefore);
    // In the browser that started it, the same callback still signs in.
    const own = await followCallback(t, callbackUrl, cookie);
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toMatch(/^\/user\/login\?oauthCode=/);
  });

  it("refuses a one-time login code without the starting browser's cookie or with another one", async () => {
    const { identityId } = await registerThroughProvider(3);
    const other = await startAuthorize(t, 3);
    const { params, cookie } = await signInWithProvider(t, 3, { identityId });
    const redeem = (withCookie: string) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/passport/oauth2/result?code=${params.get('oauthCode')}`,
        headers: withCookie ? { cookie: withCookie } : {},
      });
    for (const otherCookie of ['', other.cookie, 'anxin_oauth=forged']) {
      const reply = await redeem(otherCookie);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.oauthResultInvalid);
      expect(reply.json()).not.toHaveProperty('access_token');
    }
    // The browser that started it is still signed in by its code.
    expect((await redeem(cookie)).statusCode).toBe(200);
  });

  it('refuses a ticket made in one browser to thirdPartyRegistry in another: no member is created', async () => {
    const { ticket, identityId } = await freshTicket(t, 4);
    const other = await startAuthorize(t, 4);
    for (const cookie of ['', other.cookie]) {
      const phone = uniquePhone();
      const code = await t.sendSmsCode(phone, 'bindPhone');
      const reply = await t.app.inject({
        method: 'PUT',
        url: `${API}/v2/member/account/thirdPartyRegistry`,
        headers: cookie ? { cookie } : {},
        payload: { ticket, userName: phone, validCode: code },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.oauthTicketInvalid);
      expect(await membersWithPhone(phone)).toEqual([]);
    }
    expect(await identitiesOf(identityId, 'weibo')).toEqual([]);
  });

  it("refuses a ticket made in one browser to phoneBinder in another: the victim's account is not linked", async () => {
    const { ticket, identityId } = await freshTicket(t, 1);
    const victim = await t.createSignedInMember();
    const other = await startAuthorize(t, 1);
    for (const type of [undefined, 1]) {
      const code = await t.sendSmsCode(victim.member.phone ?? '', 'bindPhone');
      const reply = await t.app.inject({
        method: 'PUT',
        url: `${API}/v2/member/account/phoneBinder`,
        headers: { cookie: other.cookie },
        payload: { ticket, loginType: 2, userName: victim.member.phone, validCode: code, type },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(MSG.oauthTicketInvalid);
      t.clock.advanceMinutes(1);
    }
    expect(await identitiesOf(identityId, 'qq')).toEqual([]);
  });

  it('still signs in, registers and binds in the browser that started the round trip', async () => {
    // Sign-in: the code, with its browser's cookie.
    const registered = await registerThroughProvider(1);
    const { params, cookie } = await signInWithProvider(t, 1, { identityId: registered.identityId });
    const result = await t.app.inject({
      method: 'GET',
      url: `${API}/passport/oauth2/result?code=${params.get('oauthCode')}`,
      headers: { cookie },
    });
    expect(result.statusCode).toBe(200);

    // Safety page: the member's own ticket in the member's own browser, after the preview names the account.
    const member = await t.createSignedInMember();
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/thirdBinder/authorizations`,
      headers: member.headers,
      payload: { type: 2 },
    });
    expect(started.statusCode).toBe(201);
    const browserCookie = browserCookieOf(started);
    expect(started.headers['set-cookie']).toMatch(/HttpOnly/);
    const providerUrl = new URL(started.json().url, 'http://x.invalid');
    expect(providerUrl.pathname).toBe('/sandbox/oauth/weixin/authorize');
    const consent = {
      provider: 'weixin',
      client_id: providerUrl.searchParams.get('client_id') ?? '',
      redirect_uri: providerUrl.searchParams.get('redirect_uri') ?? '',
      state: providerUrl.searchParams.get('state') ?? '',
      code_challenge: providerUrl.searchParams.get('code_challenge') ?? undefined,
      code_challenge_method: 'S256' as const,
    };
    const identity = await createSandboxIdentity(t, 'weixin', '微信小号');
    const callback = await followCallback(t, await decide(t, consent, identity.id), browserCookie);
    const ticket = new URL(callback.headers.location ?? '/', 'http://x.invalid').searchParams.get('ticket') ?? '';
    const browser = { headers: member.headers, cookie: browserCookie };

    const preview = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/binder/preview`,
      headers: { ...member.headers, cookie: browserCookie },
      payload: { loginName: ticket, loginType: 3 },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ type: 2, name: '微信', nickname: '微信小号' });
    expect(await identitiesOf(identity.id, 'weixin')).toEqual([]);

    const other = await t.createSignedInMember();
    const stolenPreview = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/binder/preview`,
      headers: { ...other.headers, cookie: browserCookie },
      payload: { loginName: ticket, loginType: 3 },
    });
    expect(stolenPreview.statusCode).toBe(400);

    expect((await binder(browser, ticket, 3)).statusCode).toBe(200);
    expect(await identitiesOf(identity.id, 'weixin')).toHaveLength(1);
  });

  it('sets the browser cookie HttpOnly, SameSite=Lax, on the API path only, Secure behind https', async () => {
    const { reply } = await startAuthorize(t, 1);
    const header = String(reply.headers['set-cookie']);
    expect(header).toMatch(/^anxin_oauth=[\w-]{43}; /);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/web-gateway');
    expect(header).toContain('Max-Age=1200');
    expect(header).not.toContain('Secure');
    const secure = await buildTestApp({ PUBLIC_ORIGIN: 'https://mall.example.cn' });
    try {
      const { reply: secureReply } = await startAuthorize(secure, 1);
      expect(String(secureReply.headers['set-cookie'])).toContain('Secure');
    } finally {
      await secure.close();
    }
  });
});
