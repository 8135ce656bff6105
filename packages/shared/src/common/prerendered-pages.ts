// Prerendered pages (docs/ARCHITECTURE.md): the web build renders a few signed-out pages to HTML, the server
// sends them. What both sides must agree on is here.

/** The cookie the pages keep while a member is signed in: a marker, no secret. A prerendered page is signed out. */
export const MEMBER_COOKIE_NAME = 'anxin_member';

/** Whether a Cookie header (or `document.cookie`) carries the member marker. */
export function hasMemberCookieIn(cookies: string | undefined): boolean {
  return (cookies ?? '').split(';').some((part) => part.trim() === `${MEMBER_COOKIE_NAME}=1`);
}

/** The paths the build prerenders: pages a phone often opens first that look the same to every visitor. */
export const PRERENDERED_PATHS = ['/', '/user/login', '/user/register'] as const;

/** Where the build writes the prerendered copy of `path`, relative to its output folder. */
export function prerenderedFileOf(path: string): string {
  return `prerendered${path === '/' ? '/index' : path}.html`;
}
