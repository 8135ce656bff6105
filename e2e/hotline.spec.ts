import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// The hotlines (issue 28): the mall configuration is their one source (mall-global.hotline and returnsHotline,
// docs/MALL-CONFIG.md); the footer, the sign-in card and the guest link's pages show what it answers. Other
// journeys run on the same server and read the hotline (complete-link.spec.ts), so the changed numbers reach
// only this page's reply (`page.route`, as e2e/mall-config.spec.ts does for values others depend on); that
// `npm run ops -- mall-config` changes the reply is the API test's (modules/mall/mall-hotline.test.ts).

/** The page reads `changes` over the server's configuration. */
async function pageSeesConfig(page: Page, changes: Record<string, unknown>) {
  await page.route('**/web-gateway/v2/mall/config?*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...changes } });
  });
}

/**
 * The footer's two lines, the sign-in card's line and, on the guest link's desktop and phone pages, the 24-hour
 * line, which a tap dials (their 联系客服 opens the chat: e2e/chat-entries.spec.ts). While the configuration
 * loads a page shows the defaults, so each is waited for.
 */
async function expectHotlines(page: Page, hotline: string, returnsHotline: string) {
  const dial = `tel:${hotline.replaceAll('-', '')}`;
  await page.goto('/');
  const lines = page.locator('.site-footer__service .site-footer__hotline');
  await expect(lines.nth(0)).toContainText(`订购热线（8:00-23:00）${hotline}`);
  await expect(lines.nth(1)).toContainText(`退换货热线（9:00-21:00）${returnsHotline}`);
  // The sign-in card's 客服热线 (a prerendered page: the default until the configuration has arrived).
  await page.goto('/user/login');
  await expect(page.locator('.auth-card__hotline')).toHaveText(`客服热线：${hotline}`);
  for (const path of ['/timeout', '/m/timeout']) {
    await page.goto(path);
    const line = page.locator('.guest-hotline');
    await expect(line).toHaveText(`24小时客服热线：${hotline}`);
    await expect(line.getByRole('link')).toHaveAttribute('href', dial);
  }
}

test('the hotlines come from the mall configuration: the footer, the sign-in card and the guest link’s pages', async ({
  page,
}) => {
  await expectHotlines(page, '400-600-1212', '400-600-3434');
  await pageSeesConfig(page, { hotline: '400-100-2828', returnsHotline: '0755-86001234' });
  await expectHotlines(page, '400-100-2828', '0755-86001234');
});
