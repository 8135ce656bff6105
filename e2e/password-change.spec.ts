import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { submitPasswordLogin } from './support/password-login.ts';
import { sendSmsCodeByApi, uniquePhone } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The password screen, type edit: change, sign out, the old password is refused, the new one works;
// the member's other sign-in ends with the change.

type LoginResult = { access_token: string; refresh_token: string; expires_in: number };

/** A new member with a password, registered through the API; its tokens placed where the page keeps them. */
async function registerMember(page: Page, password: string) {
  const phone = uniquePhone();
  const code = await sendSmsCodeByApi(page.request, phone, 'register');
  const reply = await page.request.post('/web-gateway/v2/member/account/register', {
    data: { userName: phone, validCode: code, password },
  });
  expect(reply.status()).toBe(201);
  const login = (await reply.json()) as LoginResult;
  await page.goto('/user/error');
  await page.evaluate((result) => {
    localStorage.setItem('anxin.accessToken', result.access_token);
    localStorage.setItem('anxin.refreshToken', result.refresh_token);
    localStorage.setItem('anxin.accessTokenExpiresAt', String(Date.now() + result.expires_in * 1000 - 60_000));
  }, login);
  // The "signed in" marker cookie of apps/web/src/lib/token-store.ts.
  await page.context().addCookies([{ name: 'anxin_member', value: '1', url: new URL(page.url()).origin }]);
  return { phone, login };
}

/** The password login as the page does it (one-time key, RSA-OAEP SHA-256), from the test process. */
async function apiPasswordLogin(request: APIRequestContext, loginName: string, password: string) {
  const { key, nonceStr } = (await (await request.get('/web-gateway/passport/account/login/key')).json()) as {
    key: string;
    nonceStr: string;
  };
  const publicKey = createPublicKey({ key: Buffer.from(nonceStr, 'base64'), format: 'der', type: 'spki' });
  const encrypt = (text: string) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(text),
    ).toString('base64');
  const reply = await request.post('/web-gateway/passport/account/login/v3', {
    form: { platform: '1', loginName: encrypt(loginName), password: encrypt(password), key },
  });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as LoginResult;
}

test('change the password, sign out: the old password is refused, the new one signs in', async ({ page }) => {
  const { phone } = await registerMember(page, 'Old@12345');
  // The same member signed in on another device, through the password login API.
  const elsewhere = await apiPasswordLogin(page.request, phone, 'Old@12345');
  const elsewhereInfo = () =>
    page.request.get('/web-gateway/v2/member/vo', { headers: { authorization: `Bearer ${elsewhere.access_token}` } });
  expect((await elsewhereInfo()).status()).toBe(200);

  await page.goto('/user/account/password/edit');
  await expect(page.getByRole('heading', { name: '修改密码' }).first()).toBeVisible();
  await page.getByPlaceholder('请输入原密码').fill('Old@12345');
  // The new password must differ from the old one.
  await page.getByPlaceholder('请设置8~16位新密码').fill('Old@12345');
  await page.getByPlaceholder('请再次输入新密码').fill('Old@12345');
  await page.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.getByText('新密码不能与原密码相同')).toBeVisible();

  await page.getByPlaceholder('请设置8~16位新密码').fill('New@12345');
  await page.getByPlaceholder('请再次输入新密码').fill('New@12345');
  await page.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.getByText('密码设置成功')).toBeVisible();
  // Success clears the form.
  await expect(page.getByPlaceholder('请输入原密码')).toHaveValue('');
  await expect(page.getByPlaceholder('请设置8~16位新密码')).toHaveValue('');
  // Every other sign-in of the member ended: its access token is refused, its refresh token too.
  expect((await elsewhereInfo()).status()).toBe(401);
  const refresh = await page.request.post('/web-gateway/passport/account/token/refresh', {
    data: { refreshToken: elsewhere.refresh_token },
  });
  expect(refresh.status()).toBe(401);

  await page.goto('/user');
  await page.getByText('安全退出').click();
  await expect(page).toHaveURL(/\/user\/login/);
  await page.getByRole('tab', { name: '密码登录' }).click();

  await submitPasswordLogin(page, phone, 'Old@12345');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);

  await submitPasswordLogin(page, phone, 'New@12345');
  await expect(page).toHaveURL(/\/user$/);
});

test('three wrong current passwords: the image code appears, and with it the change goes through', async ({ page }) => {
  await registerMember(page, 'Old@12345');
  await page.goto('/user/account/password/edit');
  const form = page.locator('form[id="change-password"]');
  const submit = () => form.getByRole('button', { name: /^确\s?定$/ }).click();
  await form.getByPlaceholder('请设置8~16位新密码').fill('New@12345');
  await form.getByPlaceholder('请再次输入新密码').fill('New@12345');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await form.getByPlaceholder('请输入原密码').fill(`Wrong@${attempt}234`);
    const reply = page.waitForResponse((response) => response.url().endsWith('/v2/member/account/pwd'));
    await submit();
    expect(((await (await reply).json()) as { message: string }).message).toBe('原密码错误');
  }
  // The third failure counts with the password login's: from now on the image code is needed.
  await expect(form.getByText('原密码错误')).toBeVisible();
  const imageField = form.getByPlaceholder('请输入图形验证码');
  await expect(imageField).toBeVisible();
  await expect(form.getByRole('img', { name: '图形验证码' })).toBeVisible();
  const fresh = page.waitForResponse(
    (reply) => reply.url().endsWith('/v2/captcha/image/captchas') && reply.request().method() === 'POST',
  );
  await form.getByRole('button', { name: '看不清？换一张' }).click();
  const { answer } = (await (await fresh).json()) as { answer: string };
  await form.getByPlaceholder('请输入原密码').fill('Old@12345');
  await imageField.fill(answer);
  await submit();
  await expect(page.getByText('密码设置成功')).toBeVisible();
});

test('a button that was busy for an instant reads 确定 again (no spinner left behind)', async ({ page }) => {
  await registerMember(page, 'Old@12345');
  // A reply within the same frame: antd's own spinner then never ran its exit transition and stayed behind.
  await page.route('**/v2/member/account/pwd', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'VALIDATION_FAILED', message: '原密码错误' }),
    }),
  );
  await page.goto('/user/account/password/edit');
  const form = page.locator('form[id="change-password"]');
  await form.getByPlaceholder('请输入原密码').fill('Wrong@1234');
  await form.getByPlaceholder('请设置8~16位新密码').fill('New@12345');
  await form.getByPlaceholder('请再次输入新密码').fill('New@12345');
  const submit = form.locator('button[type="submit"]');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const reply = page.waitForResponse((response) => response.url().endsWith('/v2/member/account/pwd'));
    await submit.click();
    await reply;
    await expect(submit).toHaveAccessibleName('确定');
  }
});
