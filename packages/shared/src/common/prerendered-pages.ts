// Prerendered pages (docs/ARCHITECTURE.md): the web build renders a few signed-out pages to HTML, the server
// sends them. What both sides must agree on is here.

/** The cookie the pages keep while a member is signed in: a marker, no secret. A prerendered page is signed out. */
export const MEMBER_COOKIE_NAME = 'anxin_member';

/** Whether a Cookie header (or `document.cookie`) carries the member marker. */
export function hasMemberCookieIn(cookies: string | undefined): boolean {
  return (cookies ?? '').split(';').some((part) => part.trim() === `${MEMBER_COOKIE_NAME}=1`);
}

/**
 * The paths the build prerenders, in the router's notation: pages a phone often opens first that look the same
 * to every visitor. A path with a parameter (`:code`) is prerendered once, as it looks before its data arrives
 * (the product page's skeleton under the site header), and stands for every address it matches.
 */
export const PRERENDERED_PATHS = ['/', '/user/login', '/user/register', '/product/:code'] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/**
 * The prerendered path an address opens, if any. Only a bare path: a query may change what the page shows.
 * A parameter matches one whole, non-empty segment.
 */
export function prerenderedPathOf(url: string): PrerenderedPath | undefined {
  if (url.includes('?')) return undefined;
  const segments = url.split('/');
  return PRERENDERED_PATHS.find((path) => {
    const pattern = path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/** Where the build writes the prerendered copy of `path`, relative to its output folder (`:code` → `[code]`). */
export function prerenderedFileOf(path: PrerenderedPath): string {
  return `prerendered${path === '/' ? '/index' : path.replace(/:(\w+)/g, '[$1]')}.html`;
}
