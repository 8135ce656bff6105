import type { Page } from '@playwright/test';
import { runOps } from './support/ops.ts';
import { signInAsDemoMember, signInAsNewMember } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Member assets (issue 13): the demo member's coupon tabs with counts and paging (6 a page, a tab switch back
// to page 1), the rule page, the coin detail (10 a page) and rules, the member home's counts; a new member's
// gift pack. SHOTS_DIR=<dir> also saves screenshots at 1280 px.

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

/** The API's own numbers for the signed-in member (the page must show the same). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('anxin.accessToken'));
  const reply = await page.request.get(`/web-gateway${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as T;
}

const cards = (page: Page) => page.getByTestId('coupon-card');
const pager = (page: Page) => page.getByRole('navigation', { name: '分页' });

test('coupons: tabs with counts, 6 a page, a tab switch starts at page 1, and the rule page', async ({ page }) => {
  await signInAsDemoMember(page);
  await page.goto('/user/account/coupon');
  const counts = await apiGet<Record<'0' | '1' | '2', number>>(page, '/v2/coupons/counts');
  expect(counts['0']).toBeGreaterThan(6);
  await expect(page.getByTestId('coupon-tab-0')).toHaveText(`未使用(${counts['0']})`);
  await expect(page.getByTestId('coupon-tab-1')).toHaveText(`已使用(${counts['1']})`);
  await expect(page.getByTestId('coupon-tab-2')).toHaveText(`已过期(${counts['2']})`);
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).first()).toContainText('有效期：');
  await expect(cards(page).first()).toContainText('编号：');
  await expect(page.getByText('仅限APP使用').first()).toBeVisible();
  await expect(page.getByText('运费补贴').first()).toBeVisible();
  await shot(page, 'coupon-unused-1');

  await pager(page).getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(Math.min(6, counts['0'] - 6));

  await page.getByTestId('coupon-tab-1').click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards(page)).toHaveCount(Math.min(6, counts['1']));
  await expect(cards(page).first()).toContainText('已使用');
  await page.getByTestId('coupon-tab-2').click();
  await expect(cards(page)).toHaveCount(Math.min(6, counts['2']));
  await expect(cards(page).first()).toContainText('已过期');
  await shot(page, 'coupon-expired');
  await page.getByTestId('coupon-tab-0').click();
  await expect(pager(page).locator('[aria-current="page"]')).toHaveText('1');
  await expect(cards(page)).toHaveCount(6);

  await page.getByTestId('coupon-rule-link').click();
  await expect(page).toHaveURL(/\/user\/account\/couponRule$/);
  for (const title of ['活动补贴', '运费补贴', '其他说明']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await shot(page, 'coupon-rule');
});

test('coins: the balance, the detail 10 a page, the rules; the member home counts', async ({ page }) => {
  await signInAsDemoMember(page);
  await page.goto('/user/account/coin');
  const total = await apiGet<{ total: number }>(page, '/v2/coins/total');
  const history = await apiGet<{ totalElements: number }>(page, '/v2/coins');
  expect(history.totalElements).toBeGreaterThan(10);
  await expect(page.getByTestId('coin-balance')).toHaveText(String(total.total));
  const rows = page.locator('[data-testid="coin-table"] tbody tr.ant-table-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('columnheader', { name: '收入/支出' })).toBeVisible();
  await shot(page, 'coin-detail-1');
  await pager(page).getByRole('button', { name: '2', exact: true }).click();
  await expect(rows).toHaveCount(Math.min(10, history.totalElements - 10));
  await page.getByTestId('coin-tab-rule').click();
  await expect(page.getByTestId('coin-rule')).toContainText('健康币');
  await shot(page, 'coin-rule');

  await page.goto('/user');
  const counts = await apiGet<{ favorites: number; coupons: number; coins: number }>(page, '/v2/member/counts');
  await expect(page.getByTestId('count-我的收藏')).toHaveText(String(counts.favorites));
  await expect(page.getByTestId('count-健康补贴')).toHaveText(String(counts.coupons));
  await expect(page.getByTestId('count-健康币')).toHaveText(String(total.total));
  await expect(page.getByTestId('gift-banner')).toBeVisible();
  await shot(page, 'member-home');
  await page.getByTestId('count-健康补贴').click();
  await expect(page).toHaveURL(/\/user\/account\/coupon$/);
});

test('a new member sees the gift pack on the member home, and the header link leads to the subsidies', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await page.goto('/user');
  await expect(page.getByTestId('gift-banner')).toContainText('新人礼包');
  await expect(page.getByTestId('count-健康补贴')).toHaveText('3');
  await expect(page.getByTestId('count-健康币')).toHaveText('0');
  await page.getByRole('link', { name: '我的健康补贴' }).first().click();
  await expect(page).toHaveURL(/\/user\/account\/coupon$/);
  await expect(page.getByTestId('coupon-tab-0')).toHaveText('未使用(3)');
  await page.getByTestId('coupon-tab-2').click();
  await expect(page.getByText('暂无补贴')).toBeVisible();
  await expect(page.getByRole('button', { name: '去首页逛逛' })).toBeVisible();
  await shot(page, 'coupon-empty');
});

test('at settlement the best coupon is preselected, another can be chosen, and the order shows its amounts', async ({
  page,
}) => {
  const { login } = await signInAsNewMember(page);
  await createAddressByApi(page.request, login.access_token);
  // 3 × ¥19.80 = ¥59.40 of product money, ¥10 freight: the gift pack's 满49减5 and ¥10 freight subsidy apply.
  const settle = await page.request.post('/web-gateway/v2/settle/buyNow', {
    headers: { authorization: `Bearer ${login.access_token}` },
    data: { skuCode: '1000101', quantity: 3, sourceHost: 'localhost' },
  });
  expect(settle.status(), await settle.text()).toBe(201);
  await page.goto(`/settle?id=${(await settle.json()).settlementId}`);
  // Each usable coupon, then 不使用补贴 last.
  const choices = page.locator('label.settle-coupons__item');
  await expect(choices).toHaveCount(3);
  await expect(choices.first()).toContainText('运费补贴');
  await expect(choices.first().locator('input')).toBeChecked();
  const summary = page.locator('.settle__summary');
  await expect(page.getByTestId('settle-discount')).toHaveText('-¥10.00');
  await expect(summary).toContainText('59.40');
  await shot(page, 'settle-coupons');
  await choices.nth(1).click();
  await expect(page.getByTestId('settle-discount')).toHaveText('-¥5.00');
  await expect(summary).toContainText('64.40');
  await choices.last().click();
  await expect(page.getByTestId('settle-discount')).toBeHidden();
  await expect(summary).toContainText('69.40');
  await choices.first().click();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await expect(page.locator('.cashier__amount')).toContainText('59.40');

  const orders = await apiGet<{ content: { ordersCode: string }[] }>(page, '/v3/orders?type=all&page=1&size=4');
  await page.goto(`/user/order/detail/${orders.content[0]?.ordersCode}`);
  await expect(page.getByText('-¥10.00').first()).toBeVisible();
  await page.goto('/user/account/coupon?status=1');
  await expect(page.getByTestId('coupon-tab-1')).toHaveText('已使用(1)');
  await expect(page.getByTestId('coupon-card')).toContainText('运费补贴');
});

test('an order without a discount shows no 优惠 line, at settlement or on the order', async ({ page }) => {
  const { login } = await signInAsNewMember(page);
  const { id: addressId } = await createAddressByApi(page.request, login.access_token);
  // ¥19.80 and ¥10 freight: the gift pack's freight subsidy applies, until 不使用补贴 is chosen.
  const settle = await page.request.post('/web-gateway/v2/settle/buyNow', {
    headers: { authorization: `Bearer ${login.access_token}` },
    data: { skuCode: '1000101', quantity: 1, sourceHost: 'localhost' },
  });
  await page.goto(`/settle?id=${(await settle.json()).settlementId}`);
  const summary = page.locator('.settle__summary');
  await expect(summary).toContainText('优惠：-¥10.00');
  await page.locator('label.settle-coupons__item').last().click();
  await expect(summary).toContainText('29.80');
  await expect(summary).not.toContainText('优惠');

  const placed = await placeOrderByApi(page.request, login.access_token, {
    addressId,
    skuCode: '1000101',
    paymentType: 1,
  });
  await page.goto(`/user/order/detail/${placed.ordersCode}`);
  const amounts = page.locator('.order-amounts');
  await expect(amounts).toContainText('运费：+¥10.00');
  await expect(amounts).not.toContainText('优惠');
});

test('health coins at settlement: granted by the operator, used on the order, shown on the coin page', async ({
  page,
}) => {
  const { login, phone } = await signInAsNewMember(page);
  await createAddressByApi(page.request, login.access_token);
  const granted = await runOps('coins', phone, '1500', '活动奖励');
  expect(granted.exitCode, granted.stdout + granted.stderr).toBe(0);
  const settle = await page.request.post('/web-gateway/v2/settle/buyNow', {
    headers: { authorization: `Bearer ${login.access_token}` },
    data: { skuCode: '1000101', quantity: 3, sourceHost: 'localhost' },
  });
  await page.goto(`/settle?id=${(await settle.json()).settlementId}`);
  // ¥59.40 + ¥10 freight − the ¥10 freight subsidy; coins may pay up to ¥59.40 of products: all 1500 (¥15).
  await expect(page.getByTestId('settle-coins')).toContainText('使用 1500 健康币，抵扣 ¥15.00');
  await page.getByTestId('settle-coins').getByRole('checkbox').check();
  await expect(page.getByTestId('settle-coins-money')).toHaveText('-¥15.00');
  await expect(page.locator('.settle__summary')).toContainText('44.40');
  await shot(page, 'settle-coins');
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await expect(page.locator('.cashier__amount')).toContainText('44.40');

  await page.goto('/user/account/coin');
  await expect(page.getByTestId('coin-balance')).toHaveText('0');
  const rows = page.locator('[data-testid="coin-table"] tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('-1500');
  await expect(rows.first()).toContainText(/订单抵扣（订单AX\d{16}）/);
  await expect(rows.last()).toContainText('+1500');

  // The order detail shows what the coins paid.
  const code = /订单抵扣（订单(AX\d{16})）/.exec((await rows.first().textContent()) ?? '')?.[1];
  await page.goto(`/user/order/detail/${code}`);
  await expect(page.getByTestId('order-coin-money')).toHaveText('-¥15.00');
  await expect(page.getByTestId('order-sum')).toHaveText('¥44.40');
});
