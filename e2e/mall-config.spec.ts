import type { Page } from '@playwright/test';
import { runOps } from './support/ops.ts';
import { signInAsNewMember } from './support/session.ts';
import { createAddressByApi } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// The mall configuration (docs/MALL-CONFIG.md): the operator's `mall-config` command changes the header slogan
// and the gift banner's title, and the next page load shows them; the purchase limit refused at checkout with
// its message. The journeys put every value back (other journeys run on the same server at the same time, so
// the values changed here are ones they never look at, and the gift banner keeps its 新人礼包 words).
// SHOTS_DIR=<dir> also saves screenshots.

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

async function mallConfig(...pairs: string[]) {
  const result = await runOps('mall-config', ...pairs);
  expect(result.exitCode, result.stdout + result.stderr).toBe(0);
}

test('the operator changes the slogan and the gift banner; the next page load shows them', async ({ page }) => {
  await signInAsNewMember(page);
  await page.goto('/user');
  await expect(page.getByTestId('mall-slogan')).toHaveText('安心购药 药师在线');
  await expect(page.getByTestId('gift-banner')).toContainText('新人礼包 ¥25 健康补贴已到账');
  try {
    await mallConfig('mall-global.slogan=买药就上安心大药房', 'm-mall.newUserCouponAd=新人礼包{total}元 限时领用');
    await page.reload();
    await expect(page.getByTestId('mall-slogan')).toHaveText('买药就上安心大药房');
    await expect(page.getByTestId('gift-banner')).toContainText('新人礼包25元 限时领用');
    await shot(page, 'mall-config-member-home');
  } finally {
    await mallConfig('mall-global.slogan=安心购药 药师在线', 'm-mall.newUserCouponAd=新人礼包 ¥{total} 健康补贴已到账');
  }
  await page.reload();
  await expect(page.getByTestId('mall-slogan')).toHaveText('安心购药 药师在线');
});

test('the purchase limit: 立即购买 above it is refused, and an order settled before a lower limit too', async ({
  page,
}) => {
  const { login } = await signInAsNewMember(page);
  await createAddressByApi(page.request, login.access_token);
  // 80 pieces settled while the default limit (500,000 pieces) is in force.
  await page.goto('/product/1000101');
  await page.getByRole('spinbutton', { name: '购买数量' }).fill('80');
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settle\?id=/);
  await expect(page.getByTestId('settle-line')).toContainText('× 80');
  try {
    await mallConfig('mall-global.globalMaximumAmount=60');
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page.getByText('单笔订单商品数量不能超过60件，请分开下单')).toBeVisible();
    await shot(page, 'mall-config-limit-settle');

    await page.goto('/product/1000101');
    await page.getByRole('spinbutton', { name: '购买数量' }).fill('61');
    await page.getByRole('button', { name: '立即购买' }).click();
    await expect(page.getByText('单笔订单商品数量不能超过60件，请分开下单')).toBeVisible();
    await expect(page).toHaveURL(/\/product\/1000101$/);
  } finally {
    await mallConfig('mall-global.globalMaximumAmount=500000');
  }
});
