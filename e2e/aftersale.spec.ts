import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { openedDialog } from './support/dialog.ts';
import { runOps } from './support/ops.ts';
import { measurePhoneLayout } from './support/phone-checks.ts';
import { signInAsNewMember } from './support/session.ts';
import { createAddressByApi } from './support/shop.ts';
import { openConsoleAs } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// After-sales (issue 33, docs/AFTERSALE.md): a member asks for 退货退款 of part of a received order with a photo,
// kefu_demo approves it in the console with the return address, the member enters the waybill, the agent confirms
// the parcel arrived, the refund goes back through the sandbox gateway and the member sees 退款成功 with the coins
// back and a red-letter invoice under the order's invoice. A member of its own (not the demo member), so the
// coin balance and invoice list are this journey's alone.

const PHOTO = fileURLToPath(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));
const PRODUCT = '1000101';
const COINS = 1000;

/** An order of two pieces paying 1000 coins, with a personal e-invoice, placed through the settlement's calls. */
async function placeOrderWithCoins(request: APIRequestContext, accessToken: string, addressId: number) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const settlement = await request.post('/web-gateway/v2/settle/buyNow', {
    headers,
    data: { skuCode: PRODUCT, quantity: 2, sourceHost: 'localhost' },
  });
  expect(settlement.ok(), await settlement.text()).toBe(true);
  const placed = await request.post('/web-gateway/v2/orders', {
    headers,
    data: {
      settlementId: ((await settlement.json()) as { settlementId: string }).settlementId,
      addressId,
      paymentType: 99,
      coins: COINS,
      invoice: {
        kind: 'electronic',
        titleType: 'personal',
        title: '个人',
        content: '商品明细',
        email: 'aftersale@example.com',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { ordersCode: string }).ordersCode;
}

/** SHOTS_DIR=<dir> saves screenshots of the pages at the width they are open at. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

const requestStatus = (page: Page) => page.locator('.aftersale-detail__status').getByTestId('aftersale-status');

test('退货退款 with a photo: approved in the console, sent back, received, refunded with the coins and a red-letter invoice', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { login, phone } = await signInAsNewMember(page);
  const address = await createAddressByApi(page.request, login.access_token);
  expect((await runOps('coins', phone, String(COINS), '活动奖励')).exitCode).toBe(0);
  const ordersCode = await placeOrderWithCoins(page.request, login.access_token, address.id);

  // Paid at the sandbox cashier, shipped and delivered by the operator, received by the member.
  await page.goto(`/user/order/detail/${ordersCode}`);
  await page.getByTestId('order-action-pay').click();
  await page.getByRole('button', { name: /微信支付/ }).click();
  await page.getByRole('button', { name: '支付成功' }).click();
  await expect(page).toHaveURL(`/user/order/detail/${ordersCode}`);
  expect((await runOps('ship', ordersCode, '顺丰速运', `SF${Date.now()}`)).exitCode).toBe(0);
  expect((await runOps('deliver', ordersCode)).exitCode).toBe(0);
  await page.reload();
  await page.getByTestId('order-action-confirmReceipt').click();
  await (await openedDialog(page, '确认已收到商品了吗？')).getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByTestId('order-detail-status')).toHaveText('待评价');

  // The balance before the request (receipt may have earned coins of its own).
  await page.goto('/user/account/coin');
  await expect(page.getByTestId('coin-balance')).toHaveText(/^\d+$/);
  const balanceBefore = Number(await page.getByTestId('coin-balance').textContent());
  await page.goto(`/user/order/detail/${ordersCode}`);

  // 申请售后: one of the two pieces, 退货退款, a medicine's reasons only, a photo; the server's quote first.
  await page.getByTestId('order-action-aftersale').click();
  await expect(page).toHaveURL(`/user/aftersale/apply/${ordersCode}`);
  await page.getByRole('checkbox', { name: /^选择.*布洛芬缓释胶囊/ }).check();
  await page.getByRole('spinbutton', { name: /申请数量/ }).fill('1');
  await page.getByRole('radio', { name: '退货退款' }).check();
  await expect(page.getByRole('radio', { name: '七天无理由' })).toHaveCount(0);
  await page.getByRole('radio', { name: '破损' }).check();
  await page.getByPlaceholder('请描述商品的问题').fill('外盒压坏，铝塑板破裂');
  await page.getByTestId('aftersale-photos').locator('input[type=file]').setInputFiles(PHOTO);
  await expect(page.getByAltText('售后照片1')).toBeVisible();
  await expect(page.getByTestId('aftersale-quote-amount')).toContainText(/预计退款/);
  // The coins come back in proportion to the money returned (docs/AFTERSALE.md, the amount).
  await expect(page.getByTestId('aftersale-quote-coins')).toHaveText(/^退回健康币 \d+ 个$/);
  const coinsBack = /\d+/.exec((await page.getByTestId('aftersale-quote-coins').textContent()) ?? '')?.[0] ?? '';
  expect(Number(coinsBack)).toBeGreaterThan(0);
  expect(Number(coinsBack)).toBeLessThan(COINS / 2 + 1);
  await shot(page, 'aftersale-apply-1280');
  const quoted = (await page.getByTestId('aftersale-quote-amount').locator('[aria-hidden=true]').textContent()) ?? '';
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page).toHaveURL(/\/user\/aftersale\/SH\d+$/);
  const requestPath = new URL(page.url()).pathname;
  const code = requestPath.split('/').at(-1) ?? '';
  await expect(requestStatus(page)).toHaveText('审核中');
  await expect(page.getByRole('button', { name: '取消申请' })).toBeVisible();
  await shot(page, 'aftersale-detail-pending-1280');

  // kefu_demo finds it in the queue, sees the photo and approves it with the mall's return address.
  const agent = await page.context().newPage();
  await openConsoleAs(agent, 'kefu_demo', '/admin/aftersales');
  await agent.getByRole('link', { name: `处理售后申请${code}` }).click();
  await expect(agent.getByRole('heading', { name: `退货退款 ${code}` })).toBeVisible();
  await expect(agent.getByAltText('会员上传的售后照片1')).toBeVisible();
  await expect(agent.getByLabel('退货地址')).not.toBeEmpty();
  await shot(agent, 'console-aftersale-request-1280');
  await agent.getByRole('button', { name: '同意' }).click();
  await (await openedDialog(agent, '同意该售后申请？')).getByRole('button', { name: '同意' }).click();
  await expect(agent.locator('.console-aftersale-header')).toContainText('待寄回');

  // The member sees 待寄回 with the address and enters the carrier and waybill.
  await page.reload();
  await expect(requestStatus(page)).toHaveText('待寄回');
  await expect(page.getByTestId('aftersale-return-address')).toContainText('退货地址：');
  await shot(page, 'aftersale-detail-return-1280');
  await page.getByLabel('快递公司').fill('顺丰速运');
  await page.getByLabel('快递单号').fill('SF1234567890');
  await page.getByRole('button', { name: '提交寄回信息' }).click();
  await expect(page.getByText('寄回信息已提交，商家收货后将为您退款')).toBeVisible();

  // The agent confirms the parcel arrived; the refund goes through the sandbox gateway.
  await agent.reload();
  await agent.getByRole('button', { name: '确认收货' }).click();
  await (await openedDialog(agent, '确认已收到退回的商品？')).getByRole('button', { name: '确认收货' }).click();
  await expect(agent.locator('.console-aftersale-header')).toContainText('退款成功');
  await agent.close();

  // 退款成功 for the member, on a phone: the timeline's last step, the coins back, the red-letter invoice.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(requestPath);
  await expect(requestStatus(page)).toHaveText('退款成功');
  await expect(page.getByTestId('aftersale-refund')).toContainText(quoted);
  await expect(page.getByTestId('aftersale-refund-coins')).toContainText(`退回健康币 ${coinsBack} 个`);
  await expect(page.getByTestId('aftersale-timeline')).toContainText('商家已收货');
  await expect(page.getByTestId('aftersale-timeline').locator('.ant-steps-item').last()).toContainText('退款成功');
  await shot(page, 'aftersale-detail-refunded-375');
  const phone375 = await measurePhoneLayout(page);
  expect(phone375.scrollWidth).toBeLessThanOrEqual(375);
  expect(phone375.innerWidth).toBe(375);
  expect(phone375.smallTargets).toEqual([]);

  await page.goto('/user/account/coin');
  await expect(page.getByTestId('coin-balance')).toHaveText(String(balanceBefore + Number(coinsBack)));
  await page.goto('/user/personal/invoice');
  const invoice = page.getByTestId('invoice-card').filter({ hasText: ordersCode });
  await expect(invoice.getByTestId('invoice-red-letter')).toContainText('红字发票');
  await shot(page, 'invoice-red-letter-375');
  await page.goto(`/user/order/detail/${ordersCode}`);
  await expect(page.getByTestId('order-aftersales').getByTestId('aftersale-status')).toHaveText('退款成功');
});
