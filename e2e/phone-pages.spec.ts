import type { Page } from '@playwright/test';
import { openedDialog } from './support/dialog.ts';
import { measurePhoneLayout } from './support/phone-checks.ts';
import { signInAsDemoMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// Issue 32: the shop and the member centre on a phone, one layout from 320 to 1920 px (docs/ARCHITECTURE.md,
// "Phone layout"). The demo member (orders in every state, invoices, medication users, addresses, favourites,
// reservations, coupons, coins) visits every page at 375 px, a few at 320 px too, in one browser context, and
// each page must fit the window (nothing to pan sideways) with every control at least 44 px tall; a dialog is a
// sheet the phone's width. At 1280 and 1920 px the desktop keeps its 1200 px column and 200 px member menu.

const PRODUCT_CODE = '1000102';

type PhonePage = { path: string; ready: string };

const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('anxin.accessToken'))}`,
});

/** The shop's pages and the member centre's, each with what shows once its data is drawn. */
async function phonePages(page: Page): Promise<PhonePage[]> {
  const headers = await bearer(page);
  await page.request.post('/web-gateway/v2/memberShopCarts/items', {
    headers,
    data: [{ productCode: PRODUCT_CODE, num: 1, sourceHost: 'localhost' }],
  });
  const settlement = await page.request.post('/web-gateway/v2/settle/buyNow', {
    headers,
    data: { skuCode: PRODUCT_CODE, quantity: 1, sourceHost: 'localhost' },
  });
  expect(settlement.ok(), await settlement.text()).toBe(true);
  const { settlementId } = (await settlement.json()) as { settlementId: string };
  const orders = await page.request.get('/web-gateway/v3/orders', { headers: { ...headers, platform: 'PC' } });
  const { content } = (await orders.json()) as { content: { ordersCode: string }[] };
  const invoices = await page.request.get('/web-gateway/v2/invoices', { headers });
  const invoice = ((await invoices.json()) as { content: { ordersCode: string }[] }).content[0];
  expect(content[0] && invoice).toBeTruthy();

  return [
    { path: '/', ready: '.home-categories__list button' },
    { path: '/search?keyword=感冒', ready: '.product-card' },
    { path: `/product/${PRODUCT_CODE}`, ready: '.shop-product__actions .ant-btn' },
    { path: '/cart', ready: '[data-testid=cart-line]' },
    { path: `/settle?id=${settlementId}`, ready: '[data-testid=settle-line]' },
    { path: '/user', ready: '[data-testid=recent-order]' },
    { path: '/user/order/mine/all', ready: '[data-testid=order-card]' },
    { path: `/user/order/detail/${content[0]?.ordersCode}`, ready: '[data-testid=order-line]' },
    { path: '/user/order/collect', ready: '[data-testid=favorite-item]' },
    { path: '/user/order/drug', ready: '[data-testid=reservation-item]' },
    { path: '/user/account/coupon', ready: '[data-testid=coupon-list]' },
    { path: '/user/account/coin', ready: '.table-cards .ant-table-row' },
    { path: '/user/personal/invoice', ready: '[data-testid=invoice-card]' },
    { path: `/user/personal/invoice/detail/${invoice?.ordersCode}`, ready: '[data-testid=invoice-amount]' },
    { path: '/user/patientInfo', ready: '[data-testid=patient-card]' },
    { path: '/user/patientInfo/add', ready: '.patient-form .ant-btn-primary' },
    { path: '/user/personal/address', ready: '.address-card' },
    { path: '/user/personal/addInfo/info', ready: '.profile-form .ant-btn-primary' },
    { path: '/user/personal/safe', ready: '.safety-rows__item' },
  ];
}

/** Soft expectations: one run names every page that does not fit, not only the first. */
async function expectFitsPhone(page: Page, { path, ready }: PhonePage, width: number) {
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
  const layout = await measurePhoneLayout(page);
  // A page wider than the phone makes the phone's browser widen its window to fit (innerWidth grows).
  expect.soft(layout.innerWidth, `${path} at ${width} px: the window`).toBe(width);
  expect.soft(layout.scrollWidth, `${path} at ${width} px: pans sideways`).toBeLessThanOrEqual(width);
  expect.soft(layout.smallTargets, `${path} at ${width} px: controls under 44 px`).toEqual([]);
}

async function expectSheet(page: Page, text: string) {
  const dialog = await openedDialog(page, text);
  const box = await dialog.evaluate((element) => element.getBoundingClientRect().toJSON());
  expect(box.left).toBe(0);
  expect(box.width).toBe(await page.evaluate(() => window.innerWidth));
  return dialog;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('every shop and member page fits 375 px (and 320 px), controls 44 px tall, dialogs as sheets', async ({
    page,
  }) => {
    await signInAsDemoMember(page);
    const pages = await phonePages(page);
    for (const phonePage of pages) await expectFitsPhone(page, phonePage, 375);

    // The member centre's menu is a tab bar over the page, its current entry in view.
    const current = page.locator('.member-menu [aria-current=page]');
    await expect(current).toHaveText('账户安全');
    await expect(current).toBeInViewport();

    // A form dialog takes the whole width, and its phone field opens the phone keypad.
    await page.goto('/user/personal/address');
    await page.getByRole('button', { name: '新增收货地址' }).click();
    const form = await expectSheet(page, '新增收货地址');
    await expect(form.getByPlaceholder('请输入手机号')).toHaveAttribute('inputmode', 'tel');
    expect((await measurePhoneLayout(page)).smallTargets).toEqual([]);
    await form.getByRole('button', { name: '取消' }).click();
    await expect(form).toBeHidden();

    // A confirmation too, rising from the bottom.
    await page.goto('/user/patientInfo');
    await page.getByTestId('patient-card').first().getByRole('button', { name: '删除' }).click();
    const confirm = await expectSheet(page, '确定删除用药人');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();

    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', `/product/${PRODUCT_CODE}`, '/cart', '/user', '/user/order/mine/all']) {
      const phonePage = pages.find((candidate) => candidate.path === path);
      if (phonePage) await expectFitsPhone(page, phonePage, 320);
    }
  });
});

test('the desktop keeps its 1200 px column and 200 px menu at 1280 and 1920 px', async ({ page }) => {
  await signInAsDemoMember(page);
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/user');
    await expect(page.getByTestId('recent-order').first()).toBeVisible();
    const layout = await page.evaluate(() => {
      const widthOf = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().width;
      return {
        scrollWidth: document.scrollingElement?.scrollWidth,
        header: widthOf('.main-header__inner'),
        column: widthOf('.member-layout'),
        menu: widthOf('.member-menu'),
        promises: widthOf('.main-header__promises'),
      };
    });
    expect(layout).toEqual({
      scrollWidth: width,
      header: 1200,
      column: 1200,
      menu: 200,
      promises: expect.any(Number),
    });
    expect(layout.promises).toBeGreaterThan(0);
  }
});
