// The member's tokens, kept in localStorage as the documents say (spec README: the site therefore allows
// no inline or third-party script). A marker cookie says "signed in" (login state is the presence
// of a member token cookie); it carries no secret, so it is readable by the page and not HttpOnly.

import { hasMemberCookieIn, MEMBER_COOKIE_NAME } from '@anxin/shared/common/prerendered-pages';

export type LoginResult = { access_token: string; refresh_token: string; expires_in: number };

/** Why the session ended: an explicit logout, or the server refused the tokens (401, failed refresh). */
export type SignOutReason = 'logout' | 'expired';

const ACCESS_TOKEN_KEY = 'anxin.accessToken';
const REFRESH_TOKEN_KEY = 'anxin.refreshToken';
const EXPIRES_AT_KEY = 'anxin.accessTokenExpiresAt';

/** /: the access token counts as expired 60 s before the server says it does. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;
/** The marker cookie outlives a browser restart; the refresh token decides how long the sign-in really lasts. */
const MEMBER_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

type Listener = () => void;
const listeners = new Set<Listener>();
let lastSignOutReason: SignOutReason | null = null;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the session simply does not survive a reload.
  }
}

/** The build's prerender of a member centre's frame renders as a signed-in member (app/prerender-page.tsx). */
let isPrerenderedAsMember = false;

/** For the build's prerender: what follows renders as a member whose data has not arrived yet. */
export function prerenderAsMember(): void {
  isPrerenderedAsMember = true;
}

function hasMemberCookie(): boolean {
  // No document: the build's prerender, which renders what a visitor who is not signed in sees, or a member
  // centre's frame.
  if (typeof document === 'undefined') return isPrerenderedAsMember;
  return hasMemberCookieIn(document.cookie);
}

function setMemberCookie(isPresent: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the mall supports.
  document.cookie = isPresent
    ? `${MEMBER_COOKIE_NAME}=1; path=/; SameSite=Lax; max-age=${MEMBER_COOKIE_MAX_AGE_SECONDS}`
    : `${MEMBER_COOKIE_NAME}=; path=/; SameSite=Lax; max-age=0`;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function writeTokens(result: LoginResult, now: number): void {
  writeStorage(ACCESS_TOKEN_KEY, result.access_token);
  writeStorage(REFRESH_TOKEN_KEY, result.refresh_token);
  writeStorage(EXPIRES_AT_KEY, String(now + result.expires_in * 1000 - TOKEN_EXPIRY_MARGIN_MS));
}

/** Stores the login result of a sign-in or registration. Expiry = now + expires_in − 60 s. */
export function saveLoginResult(result: LoginResult, now: number = Date.now()): void {
  writeTokens(result, now);
  setMemberCookie(true);
  lastSignOutReason = null;
  notify();
}

/** Stores the rotated tokens of a refresh: same member, so nobody needs to re-render. */
export function saveRefreshedTokens(result: LoginResult, now: number = Date.now()): void {
  writeTokens(result, now);
  setMemberCookie(true);
}

/** Removes the tokens and the marker cookie. */
export function clearSession(reason: SignOutReason = 'expired'): void {
  const wasSignedIn = hasMemberCookie() || readStorage(REFRESH_TOKEN_KEY) !== null;
  writeStorage(ACCESS_TOKEN_KEY, null);
  writeStorage(REFRESH_TOKEN_KEY, null);
  writeStorage(EXPIRES_AT_KEY, null);
  setMemberCookie(false);
  if (wasSignedIn) {
    lastSignOutReason = reason;
    notify();
  }
}

export function isSignedIn(): boolean {
  return hasMemberCookie();
}

export function getAccessToken(): string | null {
  return readStorage(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return readStorage(REFRESH_TOKEN_KEY);
}

/** True when there is no access token or it is within the 60 s margin of its expiry. */
export function isAccessTokenExpired(now: number = Date.now()): boolean {
  const expiresAt = Number(readStorage(EXPIRES_AT_KEY));
  return !getAccessToken() || !Number.isFinite(expiresAt) || expiresAt <= now;
}

/** How the last session of this page ended, or null when it has not ended since the last sign-in. */
export function getLastSignOutReason(): SignOutReason | null {
  return lastSignOutReason;
}

/** Calls `listener` when the member signs in or out (also from another tab). Returns the unsubscribe. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab signing in or out changes localStorage: tell this tab's listeners too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === REFRESH_TOKEN_KEY) notify();
  });
}
