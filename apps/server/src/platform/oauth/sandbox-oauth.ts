import { createHash } from 'node:crypto';
import type { ThirdPartyProvider } from '@anxin/shared/account/third-party';
import type { FastifyInstance } from 'fastify';
import type { HttpFetch } from './oauth-provider.ts';

// The sandbox provider (default outside production): our own consent page and token endpoints, which issue
// and exchange codes the way the real providers do. Its paths are same-origin, so a round trip never leaves
// the host the shopper is on.

export const sandboxAuthorizePath = (provider: ThirdPartyProvider) => `/sandbox/oauth/${provider}/authorize`;
export const sandboxApiPath = (provider: ThirdPartyProvider, endpoint: 'token' | 'userinfo') =>
  `/web-gateway/sandbox/oauth/${provider}/${endpoint}`;

/** Our registered redirect URI at every provider (absolute for real providers: PUBLIC_ORIGIN in front). */
export const oauthCallbackPath = (provider: ThirdPartyProvider) => `/web-gateway/passport/oauth2/callback/${provider}`;

export const sandboxClientId = (provider: ThirdPartyProvider) => `sandbox-${provider}`;

/** The sandbox client's secret: derived from the server secret, so both sides know it and nobody else does. */
export function sandboxClientSecret(provider: ThirdPartyProvider, serverSecret: Uint8Array) {
  return createHash('sha256').update('sandbox-oauth-client:').update(provider).update(serverSecret).digest('base64url');
}

/**
 * HTTP to the sandbox's own endpoints through app.inject: the same request and response shapes as the
 * network, without needing to know the public host and port. Only same-origin paths are served.
 */
export function createInjectFetch(app: FastifyInstance): HttpFetch {
  return async (url, request) => {
    if (!url.startsWith('/web-gateway/sandbox/oauth/')) throw new Error(`sandbox fetch refuses ${url}`);
    const reply = await app.inject({
      method: request.method,
      url,
      headers: request.headers,
      payload: request.body,
    });
    return { status: reply.statusCode, text: async () => reply.body };
  };
}
