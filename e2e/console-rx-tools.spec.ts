import type { Browser, Page } from '@playwright/test';
import { bearer, submittedRxOrderByApi } from './support/inquiry.ts';
import { signInAsNewMember } from './support/session.ts';
import { openConsoleAs, staffBearer, staffToken } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// The pharmacist's tools in the console (docs/CONSOLE.md 问诊链接, 处方设置) and a rejected paid order's refund
// through the payment module (docs/PRESCRIPTIONS.md): what yaoshi_demo does, and what the member then sees.

async function consoleTab(browser: Browser, baseURL: string | undefined, width = 1280): Promise<Page> {
  const isPhone = width < 768;
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width, height: isPhone ? 812 : 900 },
    isMobile: isPhone,
    hasTouch: isPhone,
  });
  return context.newPage();
}

test('yaoshi_demo texts an inquiry link for a waiting order from 问诊链接, sees it 有效 and ends it', async ({
  page,
  browser,
  baseURL,
}) => {
  const { login } = await signInAsNewMember(page);
  const ordersCode = await submittedRxOrderByApi(page.request, login.access_token);

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yaoshi_demo', '/admin');
  await staff.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem', { name: '问诊链接' }).click();
  await expect(staff).toHaveURL('/admin/inquiry-links');
  await staff.getByLabel('订单号').first().fill(ordersCode);
  await staff.getByRole('radio', { name: /慢病链接/ }).check();
  await staff.getByRole('button', { name: '发送链接' }).click();
  await expect(staff.getByText(`订单 ${ordersCode} 的问诊链接已发送至`)).toBeVisible();

  const row = staff.getByRole('row').filter({ hasText: ordersCode });
  await expect(row).toContainText('慢病');
  await expect(row).toContainText('有效');
  // The consignee's SMS carries the link to the complete page.
  const outbox = await page.request.get('/web-gateway/dev/sms-outbox?phone=13912345678');
  const texts = ((await outbox.json()) as { content: string }[]).map((sms) => sms.content);
  expect(texts.find((text) => text.includes(ordersCode))).toContain('/user/patientInfo/complete?useKey=');

  await row.getByRole('button', { name: `结束订单${ordersCode}的问诊链接` }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '结束链接' }).click();
  await expect(staff.getByText('问诊链接已结束')).toBeVisible();
  await expect(row).toContainText('已结束');
  await staff.context().close();
});

test('yaoshi_demo changes a setting in 处方设置; it is in force after a reload, and refused out of range', async ({
  browser,
  baseURL,
}) => {
  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yaoshi_demo', '/admin/rx-settings');
  const ruleType = staff.getByLabel('前置校验类型');
  await expect(ruleType).toHaveValue('1');
  await ruleType.fill('3');
  await staff.getByRole('button', { name: '保存设置' }).click();
  await expect(staff.getByText('处方设置已保存')).toBeVisible();
  await staff.reload();
  await expect(staff.getByLabel('前置校验类型')).toHaveValue('3');
  const token = await staffToken(staff.request, 'yaoshi_demo');
  const settings = await staff.request.get('/web-gateway/admin/rx-settings', { headers: staffBearer(token) });
  expect(await settings.json()).toMatchObject({ prepositionCheckType: 3 });

  // Back as it was: the other journeys of this run read the same settings.
  await staff.getByLabel('前置校验类型').fill('1');
  await staff.getByRole('button', { name: '保存设置' }).click();
  await expect(staff.getByText('处方设置已保存')).toBeVisible();
  await staff.context().close();
});

test('a rejected paid prescription order is refunded: the member sees 退款完成', async ({ page, browser, baseURL }) => {
  const { login } = await signInAsNewMember(page);
  const ordersCode = await submittedRxOrderByApi(page.request, login.access_token);
  // Paid at the sandbox cashier before the review (the inquiry is complete).
  const started = await page.request.post('/web-gateway/v2/pay', {
    headers: bearer(login.access_token),
    data: {
      userId: await memberIdOf(page, login.access_token),
      orderCodes: ordersCode,
      paySource: 'PC',
      platform: 'PC',
      paymentType: 99,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const paymentId = ((await started.json()) as { payUrl: string }).payUrl.split('/').at(-1);
  const paid = await page.request.post(`/web-gateway/v2/sandbox/payments/${paymentId}/confirm`, {
    headers: bearer(login.access_token),
    data: { channel: 'alipay', outcome: 'success' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('paid');

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yaoshi_demo', `/admin/rx/${ordersCode}`);
  await staff.getByRole('button', { name: '驳回' }).click();
  await staff.getByRole('radio', { name: '存在用药禁忌' }).check();
  await staff.getByRole('button', { name: '确认驳回' }).click();
  await expect(staff.getByText('处方已驳回')).toBeVisible();
  await staff.context().close();

  // The gateway's refund runs after the rejection's commit: the member's order says when it is done, then the
  // page shows it (reloading the page in a loop gave a loaded machine two seconds a render).
  await expect
    .poll(
      async () => {
        const order = await page.request.get(`/web-gateway/v3/orders/${ordersCode}`, {
          headers: bearer(login.access_token),
        });
        return ((await order.json()) as { orderType: string }).orderType;
      },
      { timeout: 30_000 },
    )
    .toBe('refundCompleteTransaction');
  await page.goto(`/user/order/detail/${ordersCode}`);
  await expect(page.getByTestId('order-detail-status')).toHaveText('退款完成');
});

test('on a 375 px phone 问诊链接 lists cards and 处方设置 fits, nothing scrolls sideways', async ({
  page,
  browser,
  baseURL,
}) => {
  const { login } = await signInAsNewMember(page);
  const ordersCode = await submittedRxOrderByApi(page.request, login.access_token);
  const token = await staffToken(page.request, 'yaoshi_demo');
  const made = await page.request.post('/web-gateway/admin/inquiry-links', {
    headers: staffBearer(token),
    data: { ordersCode, kind: 'complete' },
  });
  expect(made.status(), await made.text()).toBe(201);

  const phone = await consoleTab(browser, baseURL, 375);
  const scrollWidth = () => phone.evaluate(() => document.documentElement.scrollWidth);
  await openConsoleAs(phone, 'yaoshi_demo', `/admin/inquiry-links?code=${ordersCode}`);
  await expect(
    phone.getByRole('list', { name: '问诊链接' }).getByRole('listitem').filter({ hasText: ordersCode }),
  ).toContainText('有效');
  await expect(phone.getByRole('table')).toHaveCount(0);
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  await phone.goto('/admin/rx-settings');
  await expect(phone.getByLabel('前置校验类型')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  await phone.context().close();
});

/** The member's id, which 立即付款 sends as `userId`. */
async function memberIdOf(page: Page, token: string) {
  const reply = await page.request.get('/web-gateway/v2/member/vo', { headers: bearer(token) });
  return Number(((await reply.json()) as { accountId: string | number }).accountId);
}
