import type { Page } from '@playwright/test';
import { openedDialog } from './support/dialog.ts';
import { signInAsDemoMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The demo member's orders (orders.seed.ts): every type, a split order, long logistics histories, more than
// 24 orders. Journeys that change an order pick it from the page, so they do not depend on one another.

const cards = (page: Page) => page.getByTestId('order-card');

async function openOrders(page: Page, path = '/user/order/mine/all') {
  await page.goto(path);
  await expect(cards(page).first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInAsDemoMember(page);
});

test('the order list pages 4 at a time in groups of 5 pages, and filters by tab, name, status and time', async ({
  page,
}) => {
  await openOrders(page);
  await expect(cards(page)).toHaveCount(4);
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: '5', exact: true })).toBeVisible();
  await expect(pager.getByRole('button', { name: '6', exact: true })).toHaveCount(0);

  // The next group of 5 pages.
  const firstCode = await cards(page).first().getAttribute('data-order-code');
  await pager.getByRole('button', { name: '后5页' }).click();
  await expect(page).toHaveURL(/page=6/);
  await expect(pager.getByRole('button', { name: '6', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: '1', exact: true })).toHaveCount(0);
  await expect(pager.getByRole('button', { name: '前5页' })).toBeVisible();
  await expect(cards(page).first()).not.toHaveAttribute('data-order-code', firstCode ?? '');
  await pager.getByRole('button', { name: '前5页' }).click();
  await expect(pager.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');

  // A tab shows only its type.
  await page.getByTestId('orders-tab-waitReceiving').click();
  await expect(page).toHaveURL(/\/user\/order\/mine\/waitReceiving$/);
  await expectOnlyStatus(page, '待收货');

  // Product-name search finds the order holding that product.
  await page.getByTestId('orders-tab-all').click();
  await expect(page).toHaveURL(/\/user\/order\/mine\/all$/);
  await expect(cards(page)).toHaveCount(4);
  // Name and code read together: the previous tab's cards stay on screen until the new page arrives.
  const { name, code } = await cards(page)
    .nth(2)
    .evaluate((card) => ({
      name: card.querySelector('.order-line__name')?.textContent ?? '',
      code: card.getAttribute('data-order-code'),
    }));
  const search = page.locator('.orders-filters input[type=search]');
  await search.fill(name);
  await search.press('Enter');
  await expect(page).toHaveURL(/q=/);
  await expect(page.locator(`[data-order-code="${code}"]`)).toBeVisible();
  // Every card shown holds the name, read as one list: the order found was on the previous page too, so a
  // list of cards taken at once could be that page's, about to be replaced.
  await expect
    .poll(async () => {
      const texts = await cards(page).allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(name));
    })
    .toBe(true);

  // Status filter: only cancelled orders (a tab click clears the other filters).
  await page.getByTestId('orders-tab-all').click();
  await expect(page).toHaveURL(/\/user\/order\/mine\/all$/);
  await page.getByTestId('orders-status').click();
  await page.locator('.ant-select-dropdown').getByTitle('已取消').click();
  await expect(page).toHaveURL(/status=canceled/);
  await expectOnlyStatus(page, '已取消');
  const allTime = await cards(page).count();

  // Time filter: the last 3 months leave out the demo's cancelled orders of 150 and 420 days ago.
  await page.getByTestId('orders-time').click();
  await page.locator('.ant-select-dropdown').getByTitle('近三个月').click();
  await expect(page).toHaveURL(/time=3m/);
  await expect(cards(page)).not.toHaveCount(allTime);
  await expectOnlyStatus(page, '已取消');
  const dates = await cards(page).locator('.order-card__head > span:first-child').allTextContents();
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(Date.now() - Date.parse(date.replace(' ', 'T'))).toBeLessThan(93 * 86_400_000);
});

/** The list keeps showing the previous page while the next loads: wait until every card has this status. */
async function expectOnlyStatus(page: Page, status: string) {
  await expect
    .poll(async () => [...new Set(await page.getByTestId('order-status').allTextContents())])
    .toEqual([status]);
}

test('cancelling an unpaid order asks first, then shows it cancelled', async ({ page }) => {
  await openOrders(page, '/user/order/mine/waitPay');
  const card = cards(page).first();
  const code = await card.getAttribute('data-order-code');
  await card.getByTestId('order-action-cancel').click();
  const dialog = await openedDialog(page, '确定要取消该订单吗？');
  await dialog.getByRole('button', { name: '取消订单' }).click();
  await expect(page.getByText('订单已取消')).toBeVisible();
  await expect(page.locator(`[data-order-code="${code}"]`)).toHaveCount(0);

  await page.goto(`/user/order/detail/${code}`);
  await expect(page.getByTestId('order-detail-status')).toHaveText('已取消');
  await expect(page.getByTestId('order-action-rebuy').or(page.getByTestId('order-action-resubmit'))).toBeVisible();
  await expect(page.getByTestId('order-action-delete')).toBeVisible();
});

test('confirming receipt of a shipped order asks first, then the order waits for the review', async ({ page }) => {
  await openOrders(page, '/user/order/mine/waitReceiving');
  // A whole order, not a parcel of the split order (its journey below needs both parcels as they are).
  const card = page.locator('[data-testid="order-card"]:not([data-order-code*="-"])').last();
  const code = await card.getAttribute('data-order-code');
  expect(code).not.toContain('-');
  await card.getByTestId('order-action-confirmReceipt').click();
  const dialog = await openedDialog(page, '确认已收到商品了吗？');
  await dialog.getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByText('已确认收货')).toBeVisible();
  await expect(page.locator(`[data-order-code="${code}"]`)).toHaveCount(0);

  await page.goto(`/user/order/detail/${code}`);
  await expect(page.getByTestId('order-detail-status')).toHaveText('待评价');
  await expect(page.getByTestId('order-action-evaluate')).toBeVisible();
});

test('a split order shows one tab per sub-order, and hovering 查看物流 previews the last 2 entries', async ({
  page,
}) => {
  await openOrders(page);
  // The split order's sub-orders carry the 拆分订单 tag; they sit on the second page of the demo list.
  let splitCard = cards(page).filter({ hasText: '拆分订单' }).first();
  for (let pageNumber = 2; (await splitCard.count()) === 0 && pageNumber <= 7; pageNumber++) {
    const firstCode = (await cards(page).first().getAttribute('data-order-code')) ?? '';
    await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '下一页' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pageNumber}`));
    // The list shows the previous page until the next one arrives: wait for the new page's cards.
    await expect(cards(page).first()).not.toHaveAttribute('data-order-code', firstCode);
    splitCard = cards(page).filter({ hasText: '拆分订单' }).first();
  }
  await splitCard.getByRole('link', { name: '订单详情' }).click();
  await expect(page).toHaveURL(/\/user\/order\/detail\//);
  const tabs = page.getByTestId('split-tab');
  await expect(tabs).toHaveCount(2);
  await expect(page.getByText(/已拆分为 2 个包裹分别发货/)).toBeVisible();

  // The shipped parcel: hover shows its latest 2 tracking entries.
  await tabs.filter({ hasText: '待收货' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('logistics-timeline').getByTestId('logistics-entry')).not.toHaveCount(0);
  const allEntries = await panel.getByTestId('logistics-timeline').getByTestId('logistics-entry').count();
  expect(allEntries).toBeGreaterThan(2);
  await panel.getByTestId('logistics-trigger').hover();
  const preview = page.getByTestId('logistics-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('logistics-entry')).toHaveCount(2);
  const latest = await panel.getByTestId('logistics-timeline').getByTestId('logistics-entry').first().innerText();
  await expect(preview.getByTestId('logistics-entry').first()).toContainText(latest.split('\n')[0] ?? '');

  // The parcel not shipped yet has no logistics hover.
  await page.mouse.move(0, 0);
  await tabs.filter({ hasText: '待发货' }).click();
  const other = page.getByRole('tabpanel');
  await expect(other.getByTestId('order-detail-status')).toHaveText('待发货');
  await expect(other.getByTestId('logistics-trigger')).toHaveCount(0);
  await expect(other.getByText('暂无物流信息')).toBeVisible();
});

test('reviewing every product of an order waiting for review completes it', async ({ page }) => {
  await openOrders(page, '/user/order/mine/waitEvaluate');
  const card = cards(page).first();
  const code = await card.getAttribute('data-order-code');
  await card.getByTestId('order-action-evaluate').click();
  await expect(page).toHaveURL(`/user/order/evaluate/${code}`);
  const products = page.getByTestId('evaluate-product');
  await expect(products.first()).toBeVisible();

  // Nothing filled: every product must be complete.
  await page.getByTestId('evaluate-submit').click();
  await expect(page.getByText('请完成所有商品的评价').first()).toBeVisible();

  const count = await products.count();
  for (let index = 0; index < count; index++) {
    const product = products.nth(index);
    await product.locator('.ant-rate-star').nth(4).click();
    await product.getByText('正品保障').click();
    await product.getByText('物流很快').click();
    await product.locator('textarea').fill(index === 0 ? '太短了' : '包装完好，效果不错，物流也很快，好评！');
  }
  await page.getByTestId('evaluate-submit').click();
  await expect(page.getByText('评价内容为10-450个字').first()).toBeVisible();
  await products.first().locator('textarea').fill('药品是正品，日期很新，用了几天效果明显。');
  await page.getByTestId('evaluate-anonymous').check();
  await page.getByTestId('evaluate-submit').click();

  await expect(page.getByText('评价成功')).toBeVisible();
  await expect(page).toHaveURL(`/user/order/detail/${code}`);
  await expect(page.getByTestId('order-detail-status')).toHaveText('交易完成');
  const productPath = await page.locator('.order-line__name').first().getAttribute('href');
  await page.goto(`/user/order/evaluate/${code}`);
  await expect(page.getByText('匿名评价').first()).toBeVisible();
  await expect(page.getByText('药品是正品，日期很新，用了几天效果明显。')).toBeVisible();

  // The product page lists it under 商品评价, newest first, under the name hidden as the shopper asked.
  await page.goto(productPath ?? '');
  const newest = page.getByTestId('product-review').first();
  await expect(newest).toContainText('药品是正品，日期很新，用了几天效果明显。');
});
