import type { Page } from '@playwright/test';
import { passwordPanel, submitPasswordLogin } from './support/password-login.ts';
import { latestSmsCode, sendSmsCodeByApi, uniquePhone } from './support/session.ts';
import { solveSlideCaptcha } from './support/slide-captcha.ts';
import { expect, test } from './support/test.ts';

// Password login: the demo accounts of each outcome (README), encryption in the real browser, and the
// image code after three failures.

async function openPasswordTab(page: Page) {
  await page.goto('/user/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
}

test('the demo member signs in with its login name; the browser sends only RSA-OAEP ciphertexts', async ({ page }) => {
  await openPasswordTab(page);
  const keyReply = page.waitForResponse((reply) => reply.url().endsWith('/passport/account/login/key'));
  const loginRequest = page.waitForRequest((request) => request.url().endsWith('/passport/account/login/v3'));
  await submitPasswordLogin(page, 'anxin_demo', 'Demo@2026');
  const { key, nonceStr } = (await (await keyReply).json()) as { key: string; nonceStr: string };
  const body = (await loginRequest).postDataJSON() as Record<string, unknown>;
  expect(body.platform).toBe(1);
  expect(body.key).toBe(key);
  expect(JSON.stringify(body)).not.toContain('anxin_demo');
  expect(JSON.stringify(body)).not.toContain('Demo@2026');
  // RSA-2048 under the one-time key: 256-byte ciphertexts.
  expect(Buffer.from(String(body.loginName), 'base64')).toHaveLength(256);
  expect(Buffer.from(String(body.password), 'base64')).toHaveLength(256);
  expect(nonceStr.length).toBeGreaterThan(300);

  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('greeting')).toContainText('您好，安心会员');
});

test('a third-party account without a phone (wx_demo_user) goes to bind a phone; the password stays out of the URL', async ({
  page,
}) => {
  await openPasswordTab(page);
  await submitPasswordLogin(page, 'wx_demo_user', 'Demo@2026');
  await expect(page).toHaveURL(/\/user\/bind\/phone\/add\?loginName=wx_demo_user&loginType=1$/);
  expect(page.url()).not.toContain('Demo%402026');
  expect(page.url()).not.toContain('Demo@2026');
  const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
  expect(state).toEqual({ loginName: 'wx_demo_user', password: 'Demo@2026', loginType: 1 });
});

test('an old-system account (legacy_demo) updates its password by SMS code and is signed in', async ({ page }) => {
  await openPasswordTab(page);
  await submitPasswordLogin(page, 'legacy_demo', 'abc123');
  await expect(page).toHaveURL(/\/user\/account\/password\/update\?loginName=legacy_demo$/);
  await expect(page.getByText('系统已升级，为了您的账户安全，请修改密码')).toBeVisible();
  await expect(page.getByRole('heading', { name: '更新密码' }).first()).toBeVisible();

  const phone = '13800138002';
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click());
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
  await page.getByPlaceholder('请设置8~16位新密码').fill('Legacy@2026');
  await page.getByPlaceholder('请再次输入新密码').fill('Legacy@2026');
  await page.getByRole('button', { name: /^确\s?定$/ }).click();

  await expect(page.getByText('密码设置成功')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('greeting')).toContainText('您好，老会员安心');

  // The new password now signs in without the detour.
  await page.getByText('安全退出').click();
  await expect(page).toHaveURL(/\/user\/login/);
  await page.getByRole('tab', { name: '密码登录' }).click();
  await submitPasswordLogin(page, 'legacy_demo', 'Legacy@2026');
  await expect(page).toHaveURL(/\/user$/);
});

test('after three failures the image code appears; with it and the right password the member signs in', async ({
  page,
}) => {
  const phone = uniquePhone();
  const code = await sendSmsCodeByApi(page.request, phone, 'register');
  const registered = await page.request.post('/web-gateway/v2/member/account/register', {
    data: { userName: phone, validCode: code, password: 'Right@2026' },
  });
  expect(registered.status()).toBe(201);

  await openPasswordTab(page);
  const panel = passwordPanel(page);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const reply = await submitPasswordLogin(page, phone, `Wrong@${attempt}`);
    expect(((await reply.json()) as { message: string }).message).toBe('账号或密码错误');
  }
  await expect(page.getByText('账号或密码错误').first()).toBeVisible();
  const imageField = panel.getByPlaceholder('请输入图形验证码');
  await expect(imageField).toBeVisible();
  await expect(panel.getByRole('img', { name: '图形验证码' })).toBeVisible();

  // A click on the image gives a new one; its answer (CAPTCHA_MODE=test) goes in the field.
  const fresh = page.waitForResponse(
    (reply) => reply.url().endsWith('/v2/captcha/image/captchas') && reply.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: '看不清？换一张' }).click();
  const { answer } = (await (await fresh).json()) as { answer: string };
  await panel.getByPlaceholder('请输入密码').fill('Right@2026');
  await imageField.fill(answer);
  await panel.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(page).toHaveURL(/\/user$/);
});

test('the password form shows the rule messages for empty input', async ({ page }) => {
  await openPasswordTab(page);
  await passwordPanel(page)
    .getByRole('button', { name: /^登\s?录$/ })
    .click();
  await expect(passwordPanel(page).getByText('用户名不能为空')).toBeVisible();
  await expect(passwordPanel(page).getByText('密码不能为空')).toBeVisible();
  await expect(passwordPanel(page).getByText('请先阅读并同意相关协议')).toBeVisible();
});
