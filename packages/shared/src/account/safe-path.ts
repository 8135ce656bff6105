// A return path that stays on this site: one '/', never '//' (protocol-relative) nor '/\' (read as '//'),
// no scheme, no control characters, and it must resolve to this origin. The server checks the backUrl of
// the third-party sign-in with it, so an OAuth round trip can never end on another site.

export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return false;
  // After a single '/', a URL parser reads the rest as a path: the origin cannot change.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // Tabs and newlines are dropped by URL parsers, so '/\t/evil.com' would become '//evil.com'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects.
  return !/[\u0000-\u001f\u007f]/.test(value);
}

/** Appends query values to a same-origin path that may already carry a query or a hash. */
export function withQuery(path: string, values: Record<string, string | number | undefined>): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const base = hashAt < 0 ? path : path.slice(0, hashAt);
  const added = Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  if (added.length === 0) return path;
  return `${base}${base.includes('?') ? '&' : '?'}${added.join('&')}${hash}`;
}
