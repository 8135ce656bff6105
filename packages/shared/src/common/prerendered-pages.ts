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
 * (the product page's picture and skeleton under the site header), with a placeholder for the parameter; the
 * server writes the address's value over it.
 */
export const PRERENDERED_PATHS = ['/', '/user/login', '/user/register', '/product/:code'] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** A prerendered path with the values an address gives its parameters. */
export type PrerenderedPage = { path: PrerenderedPath; parameters: Record<string, string> };

/**
 * The values a parameter may take: letters, digits, `_` and `-`, which a URL and HTML carry as they are (the
 * server writes them into the markup without escaping). An address with any other value gets the page drawn
 * by the script.
 */
const PARAMETER_VALUE = /^[\w-]{1,64}$/;

/** What the build renders in place of a parameter; the server writes the address's value over it. */
const placeholderOf = (name: string) => `__${name}__`;

/**
 * The prerendered page an address opens, if any. Only a bare path: a query may change what the page shows.
 * A parameter matches one whole segment of letters, digits, `_` and `-`.
 */
export function prerenderedPageOf(url: string): PrerenderedPage | undefined {
  if (url.includes('?')) return undefined;
  const segments = url.split('/');
  for (const path of PRERENDERED_PATHS) {
    const pattern = path.split('/');
    if (pattern.length !== segments.length) continue;
    const parameters: Record<string, string> = {};
    const isMatch = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return part === segment;
      parameters[part.slice(1)] = segment;
      return PARAMETER_VALUE.test(segment);
    });
    if (isMatch) return { path, parameters };
  }
  return undefined;
}

/** The address the build renders `path` at: each parameter is its placeholder. */
export function prerenderedLocationOf(path: PrerenderedPath): string {
  return path.replace(/:(\w+)/g, (_, name: string) => placeholderOf(name));
}

/** A prerendered page's markup with the address's value over each parameter's placeholder. */
export function withParametersFilled(html: string, parameters: Record<string, string>): string {
  return Object.entries(parameters).reduce((filled, [name, value]) => {
    if (!PARAMETER_VALUE.test(value)) throw new Error(`the value of :${name} cannot go into HTML as it is`);
    return filled.replaceAll(placeholderOf(name), value);
  }, html);
}

/** Where the build writes the prerendered copy of `path`, relative to its output folder (`:code` → `[code]`). */
export function prerenderedFileOf(path: PrerenderedPath): string {
  return `prerendered${path === '/' ? '/index' : path.replace(/:(\w+)/g, '[$1]')}.html`;
}
