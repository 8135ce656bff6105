import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { openedDialog } from './support/dialog.ts';
import { hasOpsSocket, runOps } from './support/ops.ts';
import { signInAsNewMember } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// After the shopper pays, the operator moves the order on with `npm run ops` in a second terminal while the
// server runs on its embedded database: the command goes through the server's control socket (ops.sock). The
// page seeing each change at once shows that it ran in the server process: a second process writing the
// PGlite files would not be seen by the server (and could corrupt them).

const status = (page: Page) => page.getByTestId('order-detail-status');
const PHOTO = fileURLToPath(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));

test('pay → the operator ships and delivers (ops commands) → the shopper confirms receipt → review → 交易完成', async ({
  page,
}) => {
  const { login, phone } = await signInAsNewMember(page);
  await createAddressByApi(page.request, login.access_token);

  // Buy now from the product page and pay in the sandbox cashier.
  await page.goto('/product/1000101');
  await expect(page.getByRole('heading', { name: /布洛芬缓释胶囊/ })).toBeVisible();
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settle\?id=/);
  await expect(page.getByRole('button', { name: /在线支付/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: /微信支付/ }).click();
  await page.getByRole('button', { name: '支付成功' }).click();
  await expect(page).toHaveURL(/\/user\/order\/detail\/AX\d{16}$/);
  await expect(status(page)).toHaveText('待发货');
  const code = page.url().split('/').at(-1)!;

  // The operator ships it and the carrier's tracking comes in, each by the command line.
  expect(hasOpsSocket()).toBe(true);
  const waybill = `SF${Date.now()}`;
  const shipped = await runOps('ship', code, '顺丰速运', waybill);
  expect(shipped, shipped.stderr).toMatchObject({ exitCode: 0 });
  expect(shipped.stdout).toContain(`✔ ${code} 已发货 shipped by 顺丰速运 ${waybill} → 待收货 (waitReceiving)`);
  for (const entry of ['【深圳市】快件已到达 深圳南山集散中心', '【深圳市】快递员正在派件，请保持电话畅通']) {
    const tracked = await runOps('logistics', code, entry);
    expect(tracked, tracked.stderr).toMatchObject({ exitCode: 0 });
  }

  // The page shows the order waiting for receipt, with the carrier, the waybill and the newest entry first.
  await page.reload();
  await expect(status(page)).toHaveText('待收货');
  await expect(page.getByText('商品已发出，请注意查收')).toBeVisible();
  await expect(page.getByText('承运公司：顺丰速运')).toBeVisible();
  await expect(page.getByText(`运单号：${waybill}`)).toBeVisible();
  const entries = page.getByTestId('logistics-timeline').getByTestId('logistics-entry');
  await expect(entries.first()).toContainText('【深圳市】快递员正在派件，请保持电话畅通');
  await expect(entries.nth(1)).toContainText('【深圳市】快件已到达 深圳南山集散中心');

  // The carrier hands it over: the operator records the delivery; the order waits for the shopper.
  const delivered = await runOps('deliver', code);
  expect(delivered, delivered.stderr).toMatchObject({ exitCode: 0 });
  expect(delivered.stdout).toContain(`✔ ${code} 已签收 delivered, waiting for the shopper to confirm receipt → 待收货`);
  await page.reload();
  await expect(status(page)).toHaveText('待收货');
  await expect(entries.first()).toContainText('快件已签收，感谢您的耐心等待');
  // Delivered once only: a second deliver is refused with the state machine's answer and exit code 1.
  const again = await runOps('deliver', code);
  expect(again.exitCode).toBe(1);
  expect(again.stderr).toContain('✘ 当前订单状态不支持该操作 (409)');

  // The shopper confirms receipt, after the question.
  await page.getByTestId('order-action-confirmReceipt').click();
  const dialog = await openedDialog(page, '确认已收到商品了吗？');
  await dialog.getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByText('已确认收货')).toBeVisible();
  await expect(status(page)).toHaveText('待评价');

  // The review of every product completes the order; a photo goes up first and the review sends its url (the
  // server takes only the member's own uploads).
  await page.getByTestId('order-action-evaluate').click();
  await expect(page).toHaveURL(`/user/order/evaluate/${code}`);
  const products = page.getByTestId('evaluate-product');
  await expect(products).toHaveCount(1);
  for (const product of await products.all()) {
    await product.locator('.ant-rate-star').nth(4).click();
    await product.getByText('正品保障').click();
    await product.locator('textarea').fill('快递很快，包装完好，药品日期新鲜，效果不错。');
    await product.locator('input[type=file]').setInputFiles(PHOTO);
    await expect(product.locator('.ant-upload-list-item-done')).toHaveCount(1);
  }
  await page.getByTestId('evaluate-submit').click();
  await expect(page.getByText('评价成功')).toBeVisible();
  await expect(page).toHaveURL(`/user/order/detail/${code}`);
  await expect(status(page)).toHaveText('交易完成');
  await page.goto(`/user/order/evaluate/${code}`);
  await expect(page.getByAltText('晒图')).toHaveAttribute('src', /^\/web-gateway\/files\/[\w-]+\.png$/);
  // The product page shows the photo under the review; opening it shows the preview (fetched on that click).
  await page.goto('/product/1000101');
  const review = page.getByTestId('product-review').filter({ hasText: '快递很快，包装完好，药品日期新鲜，效果不错。' });
  await review.getByRole('button', { name: '查看评价图片 1' }).click();
  const preview = page.locator('.ant-image-preview');
  await expect(preview.locator('img.ant-image-preview-img')).toHaveAttribute(
    'src',
    /^\/web-gateway\/files\/[\w-]+\.png$/,
  );
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  // The operator sees it completed too.
  const listed = await runOps('list', phone);
  expect(listed.stdout).toMatch(new RegExp(`${code}\\s+交易完成`));
});

test('a cash-on-delivery order: the operator ships and delivers, the shopper confirms receipt', async ({ page }) => {
  const { login } = await signInAsNewMember(page);
  const address = await createAddressByApi(page.request, login.access_token);
  const order = await placeOrderByApi(page.request, login.access_token, {
    addressId: address.id,
    skuCode: '3000101',
    paymentType: 1,
  });
  expect(order.orderType).toBe('waitDelivery');

  expect(await runOps('ship', order.ordersCode, '中通快递', 'ZT2026000001')).toMatchObject({ exitCode: 0 });
  const delivered = await runOps('deliver', order.ordersCode);
  expect(delivered, delivered.stderr).toMatchObject({ exitCode: 0 });

  await page.goto(`/user/order/detail/${order.ordersCode}`);
  await expect(status(page)).toHaveText('待收货');
  await expect(page.getByText('运单号：ZT2026000001')).toBeVisible();
  await page.getByTestId('order-action-confirmReceipt').click();
  await (await openedDialog(page, '确认已收到商品了吗？')).getByRole('button', { name: '确认收货' }).click();
  await expect(status(page)).toHaveText('待评价');
  await expect(page.getByTestId('order-action-evaluate')).toBeVisible();
  await expect(page.getByTestId('order-action-confirmReceipt')).toHaveCount(0);
});
