import type { Page } from '@playwright/test';

/**
 * Holds back the script part matching `part` for a second and records, for each request of `path`, whether it
 * went out while the part was still held: a page's first data asked for as the script starts (a route's
 * `prefetch`) goes out before its part arrives; one the page asks for once drawn goes out after.
 */
export async function askedWhilePartHeld(page: Page, part: RegExp, path: string): Promise<() => boolean[]> {
  let isPartHeld = true;
  await page.route(part, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    isPartHeld = false;
    await route.continue();
  });
  const asked: boolean[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) asked.push(isPartHeld);
  });
  return () => asked;
}
