import type { Browser, Page } from '@playwright/test';
import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// QR login: the desktop shows the code; a member signed in on a phone (a second browser context)
// opens the code's URL, sees who is asking, and confirms or cancels.

async function showQrCode(page: Page) {
  const codeReply = page.waitForResponse((reply) => new URL(reply.url()).pathname.endsWith('/passport/account/qrCode'));
  await page.goto('/user/login');
  await page.getByRole('link', { name: '扫码登录' }).click();
  const { url } = (await (await codeReply).json()) as { url: string; uuid: string };
  await expect(page.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
  return url;
}

/** A phone: a mobile browser context with a member signed in. */
async function openPhone(browser: Browser, origin: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  const { phone } = await signInAsNewMember(page);
  return { context, page, phone };
}

test('a member confirms on the phone and the desktop browser lands on /user signed in as that member', async ({
  page,
  browser,
}) => {
  const url = await showQrCode(page);
  const origin = new URL(page.url()).origin;
  expect(url).toMatch(new RegExp(`^${origin}/m/qr-confirm\\?uuid=[A-Za-z0-9_-]{32}$`));

  const phone = await openPhone(browser, origin);
  await phone.page.goto(url);
  await expect(phone.page.getByRole('heading', { name: '电脑端登录确认' })).toBeVisible();
  await expect(phone.page.getByText('登录设备')).toBeVisible();
  await expect(phone.page.getByText('Chrome · Linux')).toBeVisible();
  await expect(phone.page.getByText(`${phone.phone.slice(0, 3)}****${phone.phone.slice(-4)}`)).toBeVisible();

  // Opening the page moved the code to "scanned".
  await expect(page.getByText('扫描成功，请勿刷新本页面，按手机提示操作')).toBeVisible();

  await phone.page.getByRole('button', { name: /确认登录/ }).click();
  await expect(phone.page.getByRole('heading', { name: '已确认登录' })).toBeVisible();

  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('greeting')).toContainText(`您好，安心用户${phone.phone.slice(-4, -2)}`);
  await phone.context.close();
});

test('取消 on the phone leaves the desktop with 二维码已过期 and a 刷新 that shows a new code', async ({
  page,
  browser,
}) => {
  const url = await showQrCode(page);
  const phone = await openPhone(browser, new URL(page.url()).origin);
  await phone.page.goto(url);
  await phone.page.getByRole('button', { name: /取\s?消/ }).click();
  await expect(phone.page.getByRole('heading', { name: '已取消登录' })).toBeVisible();

  await expect(page.getByText('二维码已过期')).toBeVisible();
  const nextCode = page.waitForResponse((reply) => new URL(reply.url()).pathname.endsWith('/passport/account/qrCode'));
  await page.getByRole('button', { name: /刷\s?新/ }).click();
  const { url: nextUrl } = (await (await nextCode).json()) as { url: string };
  expect(nextUrl).not.toBe(url);
  await expect(page.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
  await expect(page.getByText('二维码已过期')).toHaveCount(0);

  // The cancelled code cannot be opened again.
  await phone.page.goto(url);
  await expect(phone.page.getByRole('heading', { name: '二维码已过期' })).toBeVisible();
  await phone.context.close();
});

test('the switch link goes between QR login and SMS/password login', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('link', { name: '扫码登录' }).click();
  await expect(page.getByRole('tab', { name: '扫码登录' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: '短信/密码登录' }).click();
  await expect(page.getByRole('tab', { name: '短信登录' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByPlaceholder('请输入手机号')).toBeVisible();
});
