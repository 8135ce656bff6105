// The staff member's access token (docs/CONSOLE.md): in sessionStorage, so it ends with the tab, apart from the
// member's tokens (localStorage, lib/token-store.ts). No refresh token: a sign-in lasts at most 8 hours.

const TOKEN_KEY = 'anxin.staffToken';
const EXPIRES_AT_KEY = 'anxin.staffTokenExpiresAt';

export type StaffLoginResult = { access_token: string; expires_in: number };

type Listener = () => void;
const listeners = new Set<Listener>();
/** How the last sign-in of this page ended: 退出, or the server refused the token (401). */
let lastSignOut: 'logout' | 'expired' | null = null;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the sign-in then lasts until the page is left.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function saveStaffSession(result: StaffLoginResult, now: number = Date.now()): void {
  write(TOKEN_KEY, result.access_token);
  write(EXPIRES_AT_KEY, String(now + result.expires_in * 1000));
  lastSignOut = null;
  notify();
}

export function clearStaffSession(reason: 'logout' | 'expired' = 'expired'): void {
  const hadToken = read(TOKEN_KEY) !== null;
  write(TOKEN_KEY, null);
  write(EXPIRES_AT_KEY, null);
  if (!hadToken) return;
  lastSignOut = reason;
  notify();
}

/** Whether the staff member signed out with 退出 (the sign-in page then opens without a page to come back to). */
export const hasSignedOut = () => lastSignOut === 'logout';

/** The token while it has not expired; null otherwise (the server would answer 401 anyway). */
export function getStaffToken(now: number = Date.now()): string | null {
  const token = read(TOKEN_KEY);
  const expiresAt = Number(read(EXPIRES_AT_KEY));
  return token && Number.isFinite(expiresAt) && expiresAt > now ? token : null;
}

/** Calls `listener` when the staff member signs in or out. Returns the unsubscribe. */
export function subscribeStaffSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
