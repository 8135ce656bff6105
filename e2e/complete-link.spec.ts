import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { openedDialog } from './support/dialog.ts';
import { bearer, submittedRxOrderByApi } from './support/inquiry.ts';
import { runOps } from './support/ops.ts';
import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// Complete mode from the operator's SMS link (/user/patientInfo/complete?useKey=…): the
// operator makes the link (npm run ops -- inquiry-link), the order's member opens it, sees the countdown,
// uploads a prescription image and submits; a canceled order's link shows 链接已失效.
// E2E_SHOTS=<dir> also saves the page at 1280 and 375 px there.

const PHOTO = fileURLToPath(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));

/** An amoxicillin order whose inquiry waits for the pharmacist, and a link the operator made for it. */
async function orderWithLink(request: APIRequestContext, token: string) {
  const ordersCode = await submittedRxOrderByApi(request, token);

  const made = await runOps('inquiry-link', ordersCode);
  expect(made.exitCode, made.stderr).toBe(0);
  const url = made.stdout.trim().split('\n').at(-1) ?? '';
  expect(url).toMatch(/\/user\/patientInfo\/complete\?useKey=[\w-]{43}$/);
  return { ordersCode, url: new URL(url) };
}

async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('the member opens the SMS link, sees the countdown, uploads a prescription image and submits', async ({
  page,
}) => {
  const { login } = await signInAsNewMember(page);
  const { ordersCode, url } = await orderWithLink(page.request, login.access_token);

  // The SMS went to the order's consignee with the same link.
  const outbox = (await (await page.request.get('/web-gateway/dev/sms-outbox?phone=13912345678')).json()) as {
    content: string;
  }[];
  expect(outbox.some((sms) => sms.content.includes(url.href))).toBe(true);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: '完善用药人信息' })).toBeVisible();
  const timer = page.getByTestId('link-countdown');
  await expect(timer).toContainText(/剩余时间\s*71:59:\d\d/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
  await expect(page.getByText(ordersCode)).toBeVisible();
  await expect(page.getByRole('radio', { name: /周安宁/ })).toBeChecked();

  await page.locator('[data-testid="prescription-images"] input[type="file"]').setInputFiles(PHOTO);
  const image = page.getByRole('img', { name: '处方图片1' });
  await expect(image).toBeVisible();

  // A private upload: shown by a signed URL that loads; the public files path of the same name answers 404.
  const imageSrc = (await image.getAttribute('src')) ?? '';
  expect(imageSrc).toMatch(/^\/web-gateway\/v2\/upload\/private\/[\w-]+\.png\?exp=\d+&sig=[\w-]+$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  const imageName = imageSrc.split('?')[0].split('/').pop();
  expect((await page.request.get(`/web-gateway/files/${imageName}`)).status()).toBe(404);
  await shoot(page, 'complete-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, 'complete-375');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('提交成功').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '查看订单' })).toBeVisible();
});

test('a canceled order’s link shows 链接已失效 with 返回首页 and 联系客服, which opens the chat over it', async ({
  page,
}) => {
  const { login } = await signInAsNewMember(page);
  const { ordersCode, url } = await orderWithLink(page.request, login.access_token);
  const canceled = await page.request.put(`/web-gateway/v3/orders/${ordersCode}/platformCancel`, {
    headers: bearer(login.access_token),
  });
  expect(canceled.ok(), await canceled.text()).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${url.pathname}${url.search}`);
  const dialog = await openedDialog(page, '链接已失效');
  await dialog.getByRole('button', { name: '联系客服' }).click();
  const chat = page.getByRole('dialog', { name: '在线客服' });
  const input = chat.getByRole('textbox', { name: '输入消息' });
  await expect(input).toBeFocused();
  await input.fill(`链接失效了，处方怎么补 ${Date.now()}`);
  await input.press('Enter');
  await expect(chat.locator('.chat-bubble--own')).toContainText('已发送');
  await shoot(page, 'expired-chat-375');
  await chat.getByRole('button', { name: '关闭客服窗口' }).click();
  await expect(chat).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '联系客服' })).toBeFocused();
  await shoot(page, 'expired-375');
  await dialog.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a server error on the link offers the shop or signing in again', async ({ page }) => {
  await signInAsNewMember(page);
  await page.route('**/web-gateway/v2/orders/ordersPatient/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"服务异常"}' }),
  );
  await page.goto('/user/patientInfo/complete?useKey=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('服务异常，请刷新重试')).toBeVisible();
  await expect(page.getByRole('link', { name: '去商城逛逛' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/user\/login\?backurl=%2Fuser%2FpatientInfo%2Fcomplete/);
});
