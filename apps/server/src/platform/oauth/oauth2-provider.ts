import type { ThirdPartyProvider, ThirdType } from '@anxin/shared/account/third-party';
import { type HttpFetch, OAuthExchangeError, type OAuthProfile, type OAuthProvider } from './oauth-provider.ts';

export type OAuth2Settings = {
  name: ThirdPartyProvider;
  thirdType: ThirdType;
  clientId: string;
  clientSecret: string;
  authorizeEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint: string;
  scope: string;
  supportsPkce: boolean;
  isSandbox: boolean;
};

/** Query values appended to an endpoint that may be absolute (a provider) or a path (the sandbox). */
export function appendQuery(endpoint: string, values: Record<string, string | undefined>) {
  const isAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(endpoint);
  const url = new URL(endpoint, 'http://relative.invalid');
  for (const [key, value] of Object.entries(values)) if (value !== undefined) url.searchParams.set(key, value);
  return isAbsolute ? url.toString() : `${url.pathname}${url.search}`;
}

/** Providers answer JSON, or (QQ's token endpoint) a query string, or JSONP `callback( {...} );`. */
export function parseProviderBody(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  const jsonp = /^callback\(\s*(\{[\s\S]*\})\s*\);?$/.exec(trimmed);
  const json = jsonp ? jsonp[1] : trimmed;
  if (json.startsWith('{')) {
    try {
      return JSON.parse(json) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}

const firstString = (body: Record<string, unknown>, keys: string[]) => {
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
};

/**
 * The generic authorisation-code adapter: token request as a form POST (client credentials in the body,
 * code_verifier when PKCE is on), then the profile from the user-info endpoint with the access token (as
 * Bearer header and as the query parameters QQ, WeChat and Weibo expect). Field names of the four providers
 * are read in one place (openid/uid/user_id, nickname/screen_name, headimgurl/figureurl_qq_2/avatar_large).
 * Alipay's signed gateway calls are not plain OAuth 2: it needs its own adapter before going live.
 */
export function createOAuth2Provider(settings: OAuth2Settings, http: HttpFetch): OAuthProvider {
  return {
    name: settings.name,
    thirdType: settings.thirdType,
    isSandbox: settings.isSandbox,
    supportsPkce: settings.supportsPkce,

    authorizeUrl({ state, codeChallenge, redirectUri }) {
      return appendQuery(settings.authorizeEndpoint, {
        response_type: 'code',
        client_id: settings.clientId,
        appid: settings.name === 'weixin' ? settings.clientId : undefined,
        redirect_uri: redirectUri,
        scope: settings.scope,
        state,
        code_challenge: settings.supportsPkce ? codeChallenge : undefined,
        code_challenge_method: settings.supportsPkce && codeChallenge ? 'S256' : undefined,
      });
    },

    async exchangeCode({ code, codeVerifier, redirectUri }): Promise<OAuthProfile> {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      });
      if (settings.supportsPkce && codeVerifier) form.set('code_verifier', codeVerifier);
      const tokenReply = await call(settings.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      const accessToken = firstString(tokenReply, ['access_token']);
      if (!accessToken) throw new OAuthExchangeError('token endpoint gave no access_token', describe(tokenReply));
      const tokenOpenId = firstString(tokenReply, ['openid', 'openId', 'uid', 'user_id']);

      const profile = await call(
        appendQuery(settings.userInfoEndpoint, {
          access_token: accessToken,
          openid: tokenOpenId,
          oauth_consumer_key: settings.name === 'qq' ? settings.clientId : undefined,
          uid: settings.name === 'weibo' ? tokenOpenId : undefined,
        }),
        { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      );
      const openId = tokenOpenId ?? firstString(profile, ['openid', 'openId', 'uid', 'user_id', 'id', 'idstr']);
      if (!openId) throw new OAuthExchangeError('no openid from the provider', describe(profile));
      return {
        openId,
        nickname: firstString(profile, ['nickname', 'nick_name', 'screen_name', 'name']) ?? '',
        avatar:
          firstString(profile, ['avatar', 'headimgurl', 'figureurl_qq_2', 'figureurl_qq_1', 'avatar_large']) ?? null,
      };
    },
  };

  async function call(url: string, request: Parameters<HttpFetch>[1]) {
    let status: number;
    let text: string;
    try {
      const response = await http(url, request);
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new OAuthExchangeError('provider unreachable', String(error));
    }
    const body = parseProviderBody(text);
    // Providers report errors as HTTP 4xx/5xx, or 200 with error / errcode / ret ≠ 0 (WeChat, QQ).
    const isRefused =
      status < 200 ||
      status >= 300 ||
      'error' in body ||
      (typeof body.errcode === 'number' && body.errcode !== 0) ||
      (typeof body.ret === 'number' && body.ret !== 0);
    if (isRefused) throw new OAuthExchangeError(`provider refused (${status})`, describe(body));
    return body;
  }
}

/** Error fields only: never log tokens. */
function describe(body: Record<string, unknown>) {
  const { error, error_description, errcode, errmsg, ret, msg } = body;
  return JSON.stringify({ error, error_description, errcode, errmsg, ret, msg });
}
