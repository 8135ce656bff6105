import type { Page } from '@playwright/test';
import { runOps } from './support/ops.ts';
import { signInAsNewMember } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
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

/**
 * The page reads `changes` over the server's configuration. For keys other journeys depend on while they run
 * on the same server (they pay online): the server's refusals are the API tests' (modules/mall/mall.test.ts).
 */
async function pageSeesConfig(page: Page, changes: Record<string, unknown>) {
  await page.route('**/web-gateway/v2/mall/config?*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...changes } });
  });
}

test('the operator changes the slogan, the badge and the gift banner; the next page load shows them', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await page.goto('/user');
  await expect(page.getByTestId('mall-slogan')).toHaveText('安心购药 药师在线');
  // No badge by default.
  await expect(page.getByTestId('mall-badge')).toHaveCount(0);
  await expect(page.getByTestId('gift-banner')).toContainText('新人礼包 ¥25 健康补贴已到账');
  try {
    await mallConfig(
      'mall-global.slogan=买药就上安心大药房',
      'mall-global.badge=医保定点 满99包邮',
      'm-mall.newUserCouponAd=新人礼包{total}元 限时领用',
    );
    await page.reload();
    await expect(page.getByTestId('mall-slogan')).toHaveText('买药就上安心大药房');
    await expect(page.getByTestId('mall-badge')).toHaveText('医保定点 满99包邮');
    await expect(page.getByTestId('gift-banner')).toContainText('新人礼包25元 限时领用');
    await shot(page, 'mall-config-member-home');
  } finally {
    await mallConfig(
      'mall-global.slogan=安心购药 药师在线',
      'mall-global.badge=',
      'm-mall.newUserCouponAd=新人礼包 ¥{total} 健康补贴已到账',
    );
  }
  await page.reload();
  await expect(page.getByTestId('mall-slogan')).toHaveText('安心购药 药师在线');
  await expect(page.getByTestId('mall-badge')).toHaveCount(0);
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

test('online payment paused: the settle page offers cash on delivery only, an unpaid order no 立即付款', async ({
  page,
}) => {
  const { login } = await signInAsNewMember(page);
  const address = await createAddressByApi(page.request, login.access_token);
  const unpaid = await placeOrderByApi(page.request, login.access_token, {
    addressId: address.id,
    skuCode: '1000101',
    paymentType: 99,
  });
  await pageSeesConfig(page, { onlinePay: false });

  await page.goto('/product/1000102');
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settle\?id=/);
  await expect(page.getByTestId('settle-online-pay-off')).toHaveText('在线支付暂停使用，请选择货到付款');
  await expect(page.getByRole('button', { name: /在线支付/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /货到付款/ })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'mall-config-online-pay-off');
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText('订单提交成功')).toBeVisible();
  await expect(page.getByText(/货到付款，送货上门后再付款/)).toBeVisible();

  await page.goto(`/user/order/detail/${unpaid.ordersCode}`);
  await expect(page.getByTestId('order-pay-paused')).toHaveText('在线支付暂停使用');
  await expect(page.getByTestId('order-action-pay')).toHaveCount(0);
  await expect(page.getByTestId('order-action-cancel')).toBeVisible();

  // With the server's own value (on) the same order offers 立即付款 again.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId('order-action-pay')).toBeVisible();
  await expect(page.getByTestId('order-pay-paused')).toHaveCount(0);
});

test('loadingDelay: a page shows its skeleton only once its data has taken that long', async ({ page }) => {
  await signInAsNewMember(page);
  await pageSeesConfig(page, { loadingDelay: 2000 });
  // The invoice list's data is held until the skeleton has been checked both ways.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/web-gateway/v2/invoices?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/user/personal/invoice');
  const skeleton = page.locator('.page-main .ant-skeleton');
  await expect(skeleton).toBeAttached();
  // Its room is kept (no shift once it shows), but nothing is drawn within the first 2 s.
  await expect(skeleton).toBeHidden();
  expect(await skeleton.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(100);
  await expect(skeleton).toBeVisible();
  release();
  await expect(page.getByText('暂无发票，下单时选择开具发票，确认收货后即可在这里查看')).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test('药师回电: the chat window of an order’s 联系医生/客服 asks for a call back, which the operator sees; none while it is off', async ({
  page,
}) => {
  const { login, phone } = await signInAsNewMember(page);
  const address = await createAddressByApi(page.request, login.access_token);
  // Cash on delivery: the order waits for delivery, where it offers 联系医生/客服.
  const order = await placeOrderByApi(page.request, login.access_token, {
    addressId: address.id,
    skuCode: '1000101',
    paymentType: 1,
  });
  await page.goto(`/user/order/detail/${order.ordersCode}`);
  await page.getByTestId('order-action-contact').click();
  const chat = page.getByRole('dialog', { name: '在线客服' });
  await chat.getByRole('button', { name: '请药师回电' }).click();
  await expect(chat.getByTestId('callback-requested')).toHaveText(
    `已预约药师回电，我们将尽快致电 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
  );
  await shot(page, 'mall-config-callback');
  const listed = await runOps('callbacks');
  expect(listed.stdout).toContain(`${phone} 订单 ${order.ordersCode}`);

  // With callbackAvailable off the window is about the order, without 请药师回电.
  await pageSeesConfig(page, { callbackAvailable: false });
  await page.reload();
  await page.getByTestId('order-action-contact').click();
  const withoutCallback = page.getByRole('dialog', { name: '在线客服' });
  await expect(withoutCallback.getByRole('button', { name: `发送订单 ${order.ordersCode}` })).toBeVisible();
  await expect(withoutCallback.getByRole('button', { name: '请药师回电' })).toHaveCount(0);
});
