import { expect, test } from './support/test.ts';

// Issue 16: shoppers open the sign-in pages on a phone from an SMS link. At 375 px the card stacks under
// the header, nothing scrolls sideways, and every text field has at least 16 px type (a smaller one makes
// the phone zoom in when it gets the focus).

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

for (const path of ['/user/login', '/user/register']) {
  test(`${path} fits a 375 px phone`, async ({ page }) => {
    await page.goto(path);
    const card = page.locator('.auth-card');
    await expect(card.getByPlaceholder('请输入手机号')).toBeVisible();

    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
      const fields = Array.from(document.querySelectorAll<HTMLInputElement>('.auth-card input:not([type=checkbox])'));
      return {
        scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
        innerWidth: window.innerWidth,
        header: box('.simple-header'),
        card: box('.auth-card'),
        fontSizes: fields.map((field) => Number.parseFloat(getComputedStyle(field).fontSize)),
      };
    });

    expect(layout.innerWidth).toBe(375);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.card?.left).toBeGreaterThanOrEqual(0);
    expect(layout.card?.right).toBeLessThanOrEqual(layout.innerWidth);
    // Stacked: the card starts below the header and the header spans the phone's width.
    expect(layout.card?.top).toBeGreaterThanOrEqual(layout.header?.bottom ?? Number.POSITIVE_INFINITY);
    expect(layout.header?.width).toBeLessThanOrEqual(layout.innerWidth);
    expect(layout.fontSizes.length).toBeGreaterThan(0);
    for (const size of layout.fontSizes) expect(size).toBeGreaterThanOrEqual(16);
  });
}
