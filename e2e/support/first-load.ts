import type { Browser, Page } from '@playwright/test';

/**
 * Holds back the script part matching `part` until `path` is requested (5 s at most) and records, for each
 * request of `path`, whether it went out while the part was still held: a page's first data asked for as the
 * script starts (a route's `prefetch`) goes out before its part arrives; one the page asks for once drawn goes
 * out after. (A fixed second was too short on a loaded machine, where the entry script may start later.)
 */
export async function askedWhilePartHeld(page: Page, part: RegExp, path: string): Promise<() => boolean[]> {
  let isPartHeld = true;
  let wasPartRequested = false;
  let releasePart = () => {};
  const pathRequested = new Promise<void>((resolve) => {
    releasePart = resolve;
  });
  await page.route(part, async (route) => {
    wasPartRequested = true;
    await Promise.race([pathRequested, new Promise((resolve) => setTimeout(resolve, 5000))]);
    isPartHeld = false;
    await route.continue();
  });
  const asked: boolean[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== path) return;
    asked.push(isPartHeld);
    releasePart();
  });
  // A part renamed by the build would otherwise hold nothing back, and every request would count as early.
  return () => {
    if (!wasPartRequested) throw new Error(`the page requested no script part matching ${part}`);
    return asked;
  };
}

/** A fresh context with JavaScript off: a prerendered page as it is painted before any script has run. */
export async function contextWithoutScript(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}

/**
 * The page's uncaught errors and console errors from now on (with where a console error came from): React
 * reports a mismatch between a prerendered page's markup and its first render as one.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  return errors;
}

/**
 * The scripts and stylesheets the page asked for before its first contentful paint (from the browser's own
 * timings): a prerendered page asks for its start script only, and for the rest once it is painted.
 */
export function partsAskedBeforeFirstPaint(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    if (firstPaint === undefined) throw new Error('the page has not painted');
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < firstPaint && /\.(js|css)$/.test(new URL(entry.name).pathname))
      .map((entry) => new URL(entry.name).pathname.replace(/-[\w-]{8}\.(js|css)$/, '.$1'));
  });
}
