import type { ThirdPartyProvider, ThirdType } from '@anxin/shared/account/third-party';

/** Who the shopper is at the provider: `openId` is stable per provider and application. */
export type OAuthProfile = { openId: string; nickname: string; avatar: string | null };

/**
 * One third-party sign-in provider behind the authorisation-code flow (RFC 6749 §4.1, PKCE RFC 7636 where
 * the provider supports it). The sandbox provider and the real ones go through the same code; only the
 * endpoints, the credentials and the HTTP function differ.
 */
export interface OAuthProvider {
  readonly name: ThirdPartyProvider;
  readonly thirdType: ThirdType;
  readonly isSandbox: boolean;
  readonly supportsPkce: boolean;
  /** Where the browser is sent: the provider's consent page with client id, state and (PKCE) challenge. */
  authorizeUrl(input: { state: string; codeChallenge?: string; redirectUri: string }): string;
  /** Back-channel: code (+ verifier) → access token → the profile. Throws OAuthExchangeError on any refusal. */
  exchangeCode(input: { code: string; codeVerifier?: string; redirectUri: string }): Promise<OAuthProfile>;
}

/** The subset of fetch the adapters use, so the sandbox can answer in-process (app.inject) and tests can fake it. */
export type HttpRequest = { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
export type HttpResponse = { status: number; text(): Promise<string> };
export type HttpFetch = (url: string, request: HttpRequest) => Promise<HttpResponse>;

export class OAuthExchangeError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'OAuthExchangeError';
  }
}

/** The real network, with a timeout: a provider that hangs must not hold a request forever. */
export const networkFetch: HttpFetch = async (url, request) => {
  const response = await fetch(url, { ...request, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: () => response.text() };
};
