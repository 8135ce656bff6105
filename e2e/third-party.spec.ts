import type { Page } from '@playwright/test';
import { openedDialog } from './support/dialog.ts';
import { consentOnSandbox } from './support/sandbox-oauth.ts';
import { latestSmsCode, uniquePhone } from './support/session.ts';
import { solveSlideCaptcha } from './support/slide-captcha.ts';
import { expect, test } from './support/test.ts';

/** The server sends one SMS per phone a minute: a second code for the same phone waits for the window. */
const SMS_WINDOW_MS = 61_000;

async function sendBindCode(page: Page, phone: string) {
  await page.getByPlaceholder(/请输入(新)?手机号/).fill(phone);
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click());
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
}

test('QQ sign-in through the sandbox provider, then a phone is bound and the member is signed in', async ({ page }) => {
  const nickname = `QQ用户${Date.now() % 100000}`;
  await page.goto('/user/login?backurl=%2Fuser%2Fpersonal%2Fsafe');
  await page.getByRole('button', { name: 'QQ', exact: true }).click();
  await consentOnSandbox(page, nickname);

  // Unbound: the login page passes the signed ticket on to the phone binding (type add, login type 2).
  await expect(page).toHaveURL(/\/user\/bind\/phone\/add\?thirdType=1&ticket=[\w.-]+&loginType=2/);
  expect(page.url()).not.toMatch(/openId|qq_/);
  await expect(page.getByText('您正在使用QQ账号登录')).toBeVisible();

  const phone = uniquePhone();
  await sendBindCode(page, phone);
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByText('您的QQ账号已关联成功，可直接使用该账号登录')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/personal\/safe$/);
  await expect(page.getByTestId('third-1')).toContainText(`已绑定（${nickname}）`);

  // Signing out and in again with the same QQ account goes straight in: no phone to bind any more.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'QQ', exact: true }).click();
  await consentOnSandbox(page, nickname, { reuse: true });
  await expect(page).toHaveURL(/\/user$/);
  expect(await page.evaluate(() => localStorage.getItem('anxin.accessToken'))).toBeTruthy();
});

test('a registered phone offers to link the accounts; 绑定新手机号 goes back, 关联账号 merges', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The phone's owner registered earlier (by SMS, in another browser).
  const phone = uniquePhone();
  const owner = await browser.newPage();
  await owner.goto('/user/login');
  await owner.getByPlaceholder('请输入手机号').fill(phone);
  await solveSlideCaptcha(owner, () => owner.getByRole('button', { name: '获取验证码' }).click());
  await expect(owner.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  const firstSentAt = Date.now();
  await owner.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(owner.request, phone));
  await owner.getByRole('checkbox').check();
  await owner.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(owner).toHaveURL(/\/user$/);
  await owner.close();

  const nickname = `微信用户${Date.now() % 100000}`;
  await page.goto('/user/login');
  await page.getByRole('button', { name: '微信', exact: true }).click();
  await consentOnSandbox(page, nickname);
  await expect(page).toHaveURL(/\/user\/bind\/phone\/add\?thirdType=2/);

  await page.waitForTimeout(Math.max(0, SMS_WINDOW_MS - (Date.now() - firstSentAt)));
  await sendBindCode(page, phone);
  await page.getByRole('button', { name: '绑定并登录' }).click();
  const dialog = page.getByRole('dialog', { name: '该手机号已注册' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('关联账号（将合并订单、补贴、红包、积分、个人信息和收货地址）');

  // 绑定新手机号: back to the form, fields emptied.
  await (await openedDialog(page, '该手机号已注册')).getByRole('button', { name: '绑定新手机号' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByPlaceholder('请输入手机号')).toHaveValue('');

  // The code was not used up by the refusal: the same phone and code, then 关联账号.
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await (await openedDialog(page, '该手机号已注册')).getByRole('button', { name: /关联账号/ }).click();
  await expect(page.getByText('您的微信账号已关联成功，可直接使用该账号登录')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);

  // It is the phone owner's account: the safety page shows that phone, with WeChat bound.
  await page.goto('/user/personal/safe');
  await expect(page.getByTestId('safety-phone')).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  await expect(page.getByTestId('third-2')).toContainText(`已绑定（${nickname}）`);
});

test('refusing on the provider page returns to the login page with a notice', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: '微博', exact: true }).click();
  await consentOnSandbox(page, `微博用户${Date.now() % 100000}`, { approve: false });
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByText('您已取消第三方账号授权')).toBeVisible();
});

test('a tampered state ends on an error page, never signed in', async ({ page }) => {
  await page.goto('/web-gateway/passport/oauth2/callback/qq?code=abc&state=forged');
  await expect(page.getByText('授权已失效，请返回重新登录')).toBeVisible();
  await page.getByRole('link', { name: '返回登录' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
});

test("the provider's redirect made for the attacker's browser signs nobody in elsewhere", async ({ page, browser }) => {
  // The attacker approves his own account but stops before his browser follows the redirect back.
  const attacker = await browser.newPage();
  let callbackUrl = '';
  await attacker.route('**/web-gateway/passport/oauth2/callback/**', (route) => {
    callbackUrl = route.request().url();
    return route.abort();
  });
  await attacker.goto('/user/login');
  await attacker.getByRole('button', { name: '微信', exact: true }).click();
  await expect(attacker).toHaveURL(/\/sandbox\/oauth\/weixin\/authorize\?/);
  // The sandbox's identities are shared by every journey of the run: pick this one by its own nickname.
  const nickname = `攻击者${Date.now() % 100000}`;
  await attacker.getByPlaceholder('新测试身份的昵称').fill(nickname);
  await attacker.getByRole('button', { name: '新建测试身份' }).click();
  await attacker.getByRole('button', { name: new RegExp(nickname) }).click();
  await attacker.getByRole('button', { name: '同意授权' }).click();
  await expect.poll(() => callbackUrl).toMatch(/\/callback\/weixin\?code=[\w-]+&state=/);
  await attacker.close();

  // The victim's browser opens that link: an error page, no sign-in.
  await page.goto(callbackUrl);
  await expect(page.getByText('授权需在发起的浏览器中完成，请返回重新操作')).toBeVisible();
  expect(page.url()).toContain('/web-gateway/passport/oauth2/callback/weixin');
  await page.getByRole('link', { name: '返回登录' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('anxin.accessToken'))).toBeNull();
});
