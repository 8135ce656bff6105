// Drives the third-party sign-in through the sandbox provider as the browser would (authorize → consent page's
// calls → callback). Shared by the API tests of third-party, bind-phone and account-closure.
import type { TestApp } from '../../test/build-test-app.ts';

const API = '/web-gateway';
const PROVIDERS = ['qq', 'weixin', 'alipay', 'weibo'] as const;

export type ConsentRequest = {
  provider: string;
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge?: string;
  code_challenge_method?: 'S256';
};

/** GET authorize; answers the reply and, on 302, the sandbox consent page's query. */
export async function startAuthorize(t: TestApp, thirdType: number, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const reply = await t.app.inject({
    method: 'GET',
    url: `${API}/passport/oauth2/${thirdType}/authorize${search ? `?${search}` : ''}`,
  });
  const location = reply.headers.location as string | undefined;
  if (reply.statusCode !== 302 || !location) return { reply, consent: undefined };
  const url = new URL(location, 'http://x.invalid');
  const consent: ConsentRequest = {
    provider: PROVIDERS[thirdType - 1],
    client_id: url.searchParams.get('client_id') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    code_challenge: url.searchParams.get('code_challenge') ?? undefined,
    code_challenge_method: (url.searchParams.get('code_challenge_method') as 'S256' | null) ?? undefined,
  };
  return { reply, consent, location };
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

export const followCallback = (t: TestApp, callbackUrl: string) => t.app.inject({ method: 'GET', url: callbackUrl });

/** The whole round trip for a (new or given) sandbox identity; answers the callback reply and its redirect. */
export async function signInWithProvider(
  t: TestApp,
  thirdType: number,
  options: { identityId?: number; query?: Record<string, string> } = {},
) {
  const { consent } = await startAuthorize(t, thirdType, options.query);
  if (!consent) throw new Error('authorize did not redirect');
  const identityId = options.identityId ?? (await createSandboxIdentity(t, consent.provider)).id;
  const callback = await followCallback(t, await decide(t, consent, identityId));
  const redirect = new URL(callback.headers.location ?? '/', 'http://x.invalid');
  return { callback, redirect, identityId, params: redirect.searchParams };
}

/** A signed ticket for a fresh sandbox identity of the kind (the unbound-account case). */
export async function freshTicket(t: TestApp, thirdType = 1) {
  const { params, identityId } = await signInWithProvider(t, thirdType);
  const ticket = params.get('ticket');
  if (!ticket) throw new Error('no ticket');
  return { ticket, identityId };
}
