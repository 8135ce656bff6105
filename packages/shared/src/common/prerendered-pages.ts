// Prerendered pages (docs/ARCHITECTURE.md): the web build renders a few signed-out pages to HTML, the server
// sends them. What both sides must agree on is here.

/**
 * The cookie the pages keep while a member is signed in: a marker, no secret. A prerendered page is signed out,
 * except the member centre's frames, sent only with it.
 */
export const MEMBER_COOKIE_NAME = 'anxin_member';

/** Whether a Cookie header (or `document.cookie`) carries the member marker. */
export function hasMemberCookieIn(cookies: string | undefined): boolean {
  return (cookies ?? '').split(';').some((part) => part.trim() === `${MEMBER_COOKIE_NAME}=1`);
}

/**
 * The paths the build prerenders for a visitor who is not signed in, in the router's notation: pages a phone
 * often opens first that look the same to every visitor before their data arrives. A path with a parameter
 * (`:code`) is prerendered once, as it looks before its data arrives (the product page's picture and skeleton
 * under the site header), with a placeholder for the parameter; the server writes the address's value over it.
 * The guest link's entry page (desktop and phone) is prerendered as it looks while its bind check is on its way.
 */
const VISITOR_PRERENDERED_PATHS = [
  '/',
  '/user/login',
  '/user/register',
  '/product/:code',
  '/payJianke/entry',
  '/m/payJianke/entry',
] as const;

/**
 * The member centre's frames the build prerenders for a signed-in member (sent only with the member cookie):
 * the member home, the order list's 全部 tab and an order's detail, as every member sees them before the
 * member's data arrives (the header, the member menu, the page's skeleton).
 */
const MEMBER_PRERENDERED_PATHS = ['/user', '/user/order/mine/all', '/user/order/detail/:id'] as const;

/** Every path the build prerenders. */
export const PRERENDERED_PATHS = [...VISITOR_PRERENDERED_PATHS, ...MEMBER_PRERENDERED_PATHS] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** Whether `path` is prerendered as a signed-in member sees it (the build renders it signed in). */
export function isMemberFrame(path: PrerenderedPath): boolean {
  return (MEMBER_PRERENDERED_PATHS as readonly string[]).includes(path);
}

/** A prerendered path with the values an address gives its parameters. */
export type PrerenderedPage = { path: PrerenderedPath; parameters: Record<string, string> };

/**
 * The query parameter a prerendered path needs: the entry page draws the same frame for every link key (it
 * only matters to the page's data), and without a key the page says the link is invalid instead. Any other
 * path is prerendered for its bare address only, since a query may change what it shows.
 */
const NEEDED_QUERY: Partial<Record<PrerenderedPath, string>> = {
  '/payJianke/entry': 'key',
  '/m/payJianke/entry': 'key',
};

/**
 * The values a parameter may take: letters, digits, `_` and `-`, which a URL and HTML carry as they are (the
 * server writes them into the markup without escaping). An address with any other value gets the page drawn
 * by the script.
 */
const PARAMETER_VALUE = /^[\w-]{1,64}$/;

/** What the build renders in place of a parameter; the server writes the address's value over it. */
const placeholderOf = (name: string) => `__${name}__`;

/** The values of `path`'s parameters in `pathname`, or undefined when `path` does not match it. */
function parametersOf(path: PrerenderedPath, pathname: string): Record<string, string> | undefined {
  const pattern = path.split('/');
  const segments = pathname.split('/');
  if (pattern.length !== segments.length) return undefined;
  const parameters: Record<string, string> = {};
  const isMatch = pattern.every((part, i) => {
    const segment = segments[i] ?? '';
    if (!part.startsWith(':')) return part === segment;
    parameters[part.slice(1)] = segment;
    return PARAMETER_VALUE.test(segment);
  });
  return isMatch ? parameters : undefined;
}

/** Whether a query string (without its `?`) gives `name` a non-empty value, as written (not decoded). */
const hasQueryValue = (query: string, name: string) =>
  query.split('&').some((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

/**
 * The prerendered page an address opens for a member (`isMember`: the member cookie) or a visitor, if any: a
 * member gets only the member centre's frames, a visitor only the signed-out pages. A parameter matches one
 * whole segment of letters, digits, `_` and `-`. A query is allowed only where the path needs one
 * (`NEEDED_QUERY`), and then must carry it.
 */
export function prerenderedPageOf(url: string, isMember = false): PrerenderedPage | undefined {
  const [pathname = '', query] = url.split('?', 2);
  for (const path of isMember ? MEMBER_PRERENDERED_PATHS : VISITOR_PRERENDERED_PATHS) {
    const parameters = parametersOf(path, pathname);
    if (!parameters) continue;
    const neededQuery = NEEDED_QUERY[path];
    const isQueryRight = neededQuery ? hasQueryValue(query ?? '', neededQuery) : query === undefined;
    return isQueryRight ? { path, parameters } : undefined;
  }
  return undefined;
}

/** The address the build renders `path` at: each parameter is its placeholder, a needed query is present. */
export function prerenderedLocationOf(path: PrerenderedPath): string {
  const pathname = path.replace(/:(\w+)/g, (_, name: string) => placeholderOf(name));
  const neededQuery = NEEDED_QUERY[path];
  return neededQuery ? `${pathname}?${neededQuery}=${placeholderOf(neededQuery)}` : pathname;
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
