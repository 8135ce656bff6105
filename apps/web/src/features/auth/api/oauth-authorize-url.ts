import type { ThirdType } from '@anxin/shared/account/third-party';
import { buildApiUrl } from '../../../lib/api-client.ts';

export type OAuthOrigin = 'login' | 'safe';

/**
 * The full-page redirect that starts a third-party sign-in (A §7: backUrl, origin, thirdType, platform,
 * appName). The server keeps the state and the PKCE verifier and sends the browser to the provider.
 */
export function buildOAuthAuthorizeUrl(thirdType: ThirdType, options: { backUrl?: string; origin: OAuthOrigin }) {
  return buildApiUrl(`/passport/oauth2/${thirdType}/authorize`, {
    backUrl: options.backUrl,
    origin: options.origin,
    platform: 'PC',
    appName: '安心大药房',
  });
}

/** Leaves the page for the provider's consent page. */
export function startOAuthSignIn(thirdType: ThirdType, options: { backUrl?: string; origin: OAuthOrigin }) {
  window.location.assign(buildOAuthAuthorizeUrl(thirdType, options));
}
