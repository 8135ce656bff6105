import type { ThirdType } from '@anxin/shared/account/third-party';
import { buildApiUrl } from '../../../lib/api-client.ts';

/**
 * The full-page redirect that starts a third-party sign-in (backUrl, origin, thirdType, platform,
 * appName). The server keeps the state and the PKCE verifier, ties them to this browser with an HttpOnly
 * cookie and sends the browser to the provider. Binding from the safety page starts through the member API
 * instead (`startThirdBinding`): a page navigation cannot carry the member's token.
 */
export function buildOAuthAuthorizeUrl(thirdType: ThirdType, options: { backUrl?: string }) {
  return buildApiUrl(`/passport/oauth2/${thirdType}/authorize`, {
    backUrl: options.backUrl,
    origin: 'login',
    platform: 'PC',
    appName: '安心大药房',
  });
}

/** Leaves the page for the provider's consent page. */
export function startOAuthSignIn(thirdType: ThirdType, options: { backUrl?: string }) {
  window.location.assign(buildOAuthAuthorizeUrl(thirdType, options));
}
