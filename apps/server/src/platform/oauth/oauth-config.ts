import {
  providerOfThirdType,
  THIRD_PARTY_TYPES,
  type ThirdPartyProvider,
  type ThirdType,
} from '@anxin/shared/account/third-party';
import type { Config } from '../../config.ts';
import type { HttpFetch, OAuthProvider } from './oauth-provider.ts';
import { createOAuth2Provider } from './oauth2-provider.ts';
import {
  oauthCallbackPath,
  sandboxApiPath,
  sandboxAuthorizePath,
  sandboxClientId,
  sandboxClientSecret,
} from './sandbox-oauth.ts';

/** The real providers' endpoints, used when a client id is configured and no endpoint variable overrides them. */
const REAL_ENDPOINTS: Record<
  ThirdPartyProvider,
  { authorize: string; token: string; userInfo: string; scope: string }
> = {
  qq: {
    authorize: 'https://graph.qq.com/oauth2.0/authorize',
    token: 'https://graph.qq.com/oauth2.0/token',
    userInfo: 'https://graph.qq.com/user/get_user_info',
    scope: 'get_user_info',
  },
  weixin: {
    authorize: 'https://open.weixin.qq.com/connect/qrconnect',
    token: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userInfo: 'https://api.weixin.qq.com/sns/userinfo',
    scope: 'snsapi_login',
  },
  alipay: {
    authorize: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
    token: 'https://openapi.alipay.com/gateway.do',
    userInfo: 'https://openapi.alipay.com/gateway.do',
    scope: 'auth_user',
  },
  weibo: {
    authorize: 'https://api.weibo.com/oauth2/authorize',
    token: 'https://api.weibo.com/oauth2/access_token',
    userInfo: 'https://api.weibo.com/2/users/show.json',
    scope: 'email',
  },
};

export type OAuthRegistry = {
  get(type: ThirdType): OAuthProvider | undefined;
  /** The redirect_uri we registered at this provider. */
  redirectUri(provider: OAuthProvider): string;
  hasSandbox: boolean;
};

/**
 * One adapter per provider, chosen by configuration: OAUTH_<P>_CLIENT_ID set → the real provider (endpoints
 * from OAUTH_<P>_*_URL or the defaults above); unset → the sandbox provider outside production (or with
 * ALLOW_SANDBOX_IN_PRODUCTION=1); otherwise the provider is unavailable.
 */
export function createOAuthRegistry(
  config: Config,
  serverSecret: Uint8Array,
  http: { network: HttpFetch; sandbox: HttpFetch },
): OAuthRegistry {
  const canUseSandbox = !config.isProduction || config.ALLOW_SANDBOX_IN_PRODUCTION === '1';
  const providers = new Map<ThirdType, OAuthProvider>();
  for (const type of THIRD_PARTY_TYPES) {
    const name = providerOfThirdType(type);
    const key = name.toUpperCase() as 'QQ' | 'WEIXIN' | 'ALIPAY' | 'WEIBO';
    const clientId = config[`OAUTH_${key}_CLIENT_ID`];
    if (clientId) {
      const real = REAL_ENDPOINTS[name];
      providers.set(
        type,
        createOAuth2Provider(
          {
            name,
            thirdType: type,
            clientId,
            clientSecret: config[`OAUTH_${key}_CLIENT_SECRET`] ?? '',
            authorizeEndpoint: config[`OAUTH_${key}_AUTHORIZE_URL`] ?? real.authorize,
            tokenEndpoint: config[`OAUTH_${key}_TOKEN_URL`] ?? real.token,
            userInfoEndpoint: config[`OAUTH_${key}_USERINFO_URL`] ?? real.userInfo,
            scope: real.scope,
            // None of the four documents PKCE for web apps; state still guards every round trip.
            supportsPkce: false,
            isSandbox: false,
          },
          http.network,
        ),
      );
    } else if (canUseSandbox) {
      providers.set(
        type,
        createOAuth2Provider(
          {
            name,
            thirdType: type,
            clientId: sandboxClientId(name),
            clientSecret: sandboxClientSecret(name, serverSecret),
            authorizeEndpoint: sandboxAuthorizePath(name),
            tokenEndpoint: sandboxApiPath(name, 'token'),
            userInfoEndpoint: sandboxApiPath(name, 'userinfo'),
            scope: 'profile',
            supportsPkce: true,
            isSandbox: true,
          },
          http.sandbox,
        ),
      );
    }
  }
  return {
    get: (type) => providers.get(type),
    redirectUri: (provider) =>
      provider.isSandbox
        ? oauthCallbackPath(provider.name)
        : `${config.PUBLIC_ORIGIN.replace(/\/+$/, '')}${oauthCallbackPath(provider.name)}`,
    hasSandbox: [...providers.values()].some((provider) => provider.isSandbox),
  };
}
