import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../platform/crypto.ts';
import { API_PREFIX } from '../../platform/http.ts';

/**
 * The browser binding of a third-party round trip: a random value the browser keeps in an HttpOnly cookie
 * from the authorize step on; the state, the one-time login code and the ticket keep only its hash, and each
 * step after the authorize accepts them only with the same cookie. So a callback URL, a code or a ticket
 * opened in another browser (a link an attacker sends) is refused.
 *
 * SameSite=Lax, not Strict: the provider's redirect back to the callback is a cross-site top-level navigation,
 * which Strict would send without the cookie. Path covers the callback and the calls the page makes after it.
 */
export const OAUTH_BROWSER_COOKIE = 'anxin_oauth';
/** Long enough for the consent page (state 10 min) and then a ticket's life (10 min); renewed at the callback. */
const COOKIE_MAX_AGE_SECONDS = 1200;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie's value when it is one we could have set, else undefined. */
export function readBrowserSecret(request: FastifyRequest): string | undefined {
  const value = request.cookies[OAUTH_BROWSER_COOKIE];
  return value && SECRET_PATTERN.test(value) ? value : undefined;
}

/** The browser's value, kept when it has one, so two round trips started in two tabs both finish. */
export const browserSecretFor = (request: FastifyRequest) => readBrowserSecret(request) ?? randomToken(32);

export function setBrowserCookie(reply: FastifyReply, secret: string, isSecureOrigin: boolean) {
  reply.setCookie(OAUTH_BROWSER_COOKIE, secret, {
    path: API_PREFIX,
    maxAge: COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureOrigin,
  });
}
