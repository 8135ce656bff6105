// The `backurl` query of the login page is followed only when it stays on this site:
// a path starting with one '/', never '//' (protocol-relative) nor '/\' (browsers read it as '//'),
// no scheme, no control characters. Anything else falls back to the member home.

export const DEFAULT_BACK_URL = '/user';

export function isSafeBackUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return false;
  if (!value.startsWith('/')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  // Tabs and newlines are dropped by URL parsers, so '/\t/evil.com' would become '//evil.com'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects.
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  // Belt and braces: whatever the string is, it must resolve to this origin.
  try {
    const base = 'https://anxin.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** The backurl to go to after signing in: the given one when it is safe, else `fallback`. */
export function resolveBackUrl(value: unknown, fallback: string = DEFAULT_BACK_URL): string {
  return isSafeBackUrl(value) ? value : fallback;
}

/** `/user/login?backurl=…` for the page the visitor was trying to open. */
export function buildLoginUrl(backUrl?: string): string {
  return isSafeBackUrl(backUrl) ? `/user/login?backurl=${encodeURIComponent(backUrl)}` : '/user/login';
}
