// Drives the third-party sign-in through the sandbox provider as the browser would (authorize → consent page's
// calls → callback), keeping the browser's cookie like a browser does. Shared by the API tests of third-party,
// bind-phone and account-closure.
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/build-test-app.ts';

const API = '/web-gateway';
const PROVIDERS = ['qq', 'weixin', 'alipay', 'weibo'] as const;
const BROWSER_COOKIE = 'anxin_oauth';

/** `anxin_oauth=…` as the reply set it, for the next requests of the same browser; '' when none was set. */
export function browserCookieOf(reply: LightMyRequestResponse): string {
  const header = reply.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const found = cookies.find((cookie) => cookie.startsWith(`${BROWSER_COOKIE}=`));
  return found ? found.split(';')[0] : '';
}

/** One browser: the cookie it holds (none at first) and, when signed in, the member's Authorization header. */
export type Browser = { cookie?: string; headers?: Record<string, string> };

const headersOf = (browser: Browser = {}) => ({
  ...browser.headers,
  ...(browser.cookie ? { cookie: browser.cookie } : {}),
});

export type ConsentRequest = {
  provider: string;
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge?: string;
  code_challenge_method?: 'S256';
};

/** GET authorize; answers the reply and, on 302, the sandbox consent page's query. */
export async function startAuthorize(
  t: TestApp,
  thirdType: number,
  query: Record<string, string> = {},
  browser: Browser = {},
) {
  const search = new URLSearchParams(query).toString();
  const reply = await t.app.inject({
    method: 'GET',
    url: `${API}/passport/oauth2/${thirdType}/authorize${search ? `?${search}` : ''}`,
    headers: headersOf(browser),
  });
  const location = reply.headers.location as string | undefined;
  const cookie = browserCookieOf(reply) || browser.cookie || '';
  if (reply.statusCode !== 302 || !location) return { reply, consent: undefined, cookie };
  const url = new URL(location, 'http://x.invalid');
  const consent: ConsentRequest = {
    provider: PROVIDERS[thirdType - 1],
    client_id: url.searchParams.get('client_id') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    code_challenge: url.searchParams.get('code_challenge') ?? undefined,
    code_challenge_method: (url.searchParams.get('code_challenge_method') as 'S256' | null) ?? undefined,
  };
  return { reply, consent, location, cookie };
}

export async function createSandboxIdentity(t: TestApp, provider: string, nickname = '测试用户') {
  const reply = await t.app.inject({
    method: 'POST',
    url: `${API}/sandbox/oauth/${provider}/identities`,
    payload: { nickname },
  });
  return reply.json() as { id: number; openId: string; nickname: string };
}

/** The consent page's decision; answers the callback URL the provider sends the browser to. */
export async function decide(t: TestApp, consent: ConsentRequest, identityId: number | undefined, approve = true) {
  const { provider, ...fields } = consent;
  const reply = await t.app.inject({
    method: 'POST',
    url: `${API}/sandbox/oauth/${provider}/decisions`,
    payload: { ...fields, approve, identityId },
  });
  if (reply.statusCode !== 200) throw new Error(`decision failed: ${reply.statusCode} ${reply.body}`);
  return (reply.json() as { redirectUrl: string }).redirectUrl;
}

/** The provider's redirect back, opened in the browser holding `cookie` ('' for a browser without one). */
export const followCallback = (t: TestApp, callbackUrl: string, cookie = '') =>
  t.app.inject({ method: 'GET', url: callbackUrl, headers: cookie ? { cookie } : {} });

/**
 * The whole round trip in one browser for a (new or given) sandbox identity; answers the callback reply, its
 * redirect and the browser's cookie (to send with whatever redeems the code or ticket).
 */
export async function signInWithProvider(
  t: TestApp,
  thirdType: number,
  options: { identityId?: number; query?: Record<string, string>; browser?: Browser } = {},
) {
  const { consent, cookie } = await startAuthorize(t, thirdType, options.query, options.browser);
  if (!consent) throw new Error('authorize did not redirect');
  const identityId = options.identityId ?? (await createSandboxIdentity(t, consent.provider)).id;
  const callback = await followCallback(t, await decide(t, consent, identityId), cookie);
  const redirect = new URL(callback.headers.location ?? '/', 'http://x.invalid');
  return { callback, redirect, identityId, params: redirect.searchParams, cookie: browserCookieOf(callback) || cookie };
}

/** A signed ticket for a fresh sandbox identity of the kind (the unbound-account case), and its browser's cookie. */
export async function freshTicket(t: TestApp, thirdType = 1) {
  const { params, identityId, cookie } = await signInWithProvider(t, thirdType);
  const ticket = params.get('ticket');
  if (!ticket) throw new Error('no ticket');
  return { ticket, identityId, cookie };
}
