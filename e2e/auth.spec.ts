import { collectPageErrors, contextWithoutScript, partsAskedBeforeFirstPaint } from './support/first-load.ts';
import { latestSmsCode, uniquePhone } from './support/session.ts';
import { solveSlideCaptcha } from './support/slide-captcha.ts';
import { expect, test } from './support/test.ts';

test('a visitor registers and lands on the member home, greeted by nickname', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/user/register');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click());
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
  await page.getByPlaceholder('请设置8~16位密码').fill('Anxin@2026');
  await page.getByPlaceholder('请再次输入密码').fill('Anxin@2026');
  await page.getByRole('checkbox').check();
  await page
    .getByRole('button', { name: '注 册' })
    .or(page.getByRole('button', { name: '注册' }))
    .click();

  await expect(page.getByText('注册成功')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  // The default nickname 安心用户 + last 4 digits is 8 characters: the greeting cuts it to 6 and adds …
  await expect(page.getByTestId('greeting')).toHaveText(`您好，安心用户${phone.slice(-4, -2)}…`);
});

test('an anonymous visit to a member page signs in by SMS and returns to that page', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/user?from=deep-link');
  await expect(page).toHaveURL(/\/user\/login\?backurl=%2Fuser%3Ffrom%3Ddeep-link/);

  await page.getByPlaceholder('请输入手机号').fill(phone);
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click());
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeDisabled();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
  await page.getByRole('checkbox').check();
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();

  await expect(page).toHaveURL(/\/user\?from=deep-link$/);
  await expect(page.getByTestId('greeting')).toContainText('您好，安心用户');

  // Signed in, the login page sends the member home.
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/user$/);

  // 安全退出 ends the sign-in: member pages ask to sign in again.
  await page.getByText('安全退出').click();
  await expect(page).toHaveURL(/\/user\/login/);
  await page.goto('/user');
  await expect(page).toHaveURL(/\/user\/login\?backurl=%2Fuser/);
});

test('the login form shows the rule messages for empty and malformed input', async ({ page }) => {
  await page.goto('/user/login');
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(page.getByText('手机号不能为空')).toBeVisible();
  await expect(page.getByText('短信验证码不能为空')).toBeVisible();
  await expect(page.getByText('请先阅读并同意相关协议')).toBeVisible();

  await page.getByPlaceholder('请输入手机号').fill('1234567');
  await page.getByPlaceholder('请输入短信验证码').click();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByTestId('slider-handle')).toHaveCount(0);
});

test('the login page shows its form before zod has loaded; a rule that cannot be fetched says 网络不佳', async ({
  page,
}) => {
  const zodRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/zod-[\w-]+\.js$/.test(request.url())) zodRequests.push(request.url());
  });
  await page.route(/\/assets\/zod-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/user/login');
  await expect(page.getByPlaceholder('请输入手机号')).toBeVisible();
  expect(zodRequests).toEqual([]);

  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(page.getByText('网络不佳，请稍后重试').first()).toBeVisible();
  expect(zodRequests.length).toBeGreaterThan(0);
});

test('the login page and the home page arrive drawn, and the script takes them over without redrawing', async ({
  browser,
  baseURL,
  page,
}) => {
  // Without any script: the prerendered markup alone, styled, taking no input until the script has taken over
  // (its form disabled, the pointer ignored: the 扫码登录 link would otherwise follow its bare #qr).
  const { page: still, close } = await contextWithoutScript(browser, baseURL);
  await still.goto('/user/login');
  await expect(still).toHaveTitle('欢迎登录 - 安心大药房');
  await expect(still.getByPlaceholder('请输入手机号')).toBeVisible();
  await expect(still.getByPlaceholder('请输入手机号')).toBeDisabled();
  await expect(still.getByRole('button', { name: '获取验证码' })).toBeDisabled();
  await expect(still.getByText('我已阅读并同意')).toBeVisible();
  await expect(still.locator('.app-root')).toHaveCSS('pointer-events', 'none');
  await still.goto('/');
  await expect(still.getByRole('heading', { name: '安心购药，就在身边' })).toBeVisible();
  await expect(still.getByRole('link', { name: '免费注册' }).first()).toBeVisible();
  await close();

  // With it: the page is painted before it asks for its scripts and stylesheets; no mismatch between the markup
  // and the first render (React reports one as an error), and the form works once enabled.
  const errors = collectPageErrors(page);
  await page.goto('/user/login');
  await expect(page.locator('.app-root')).toHaveCSS('pointer-events', 'auto');
  expect(await partsAskedBeforeFirstPaint(page)).toEqual(['/assets/start-after-first-paint.js']);
  await page.getByPlaceholder('请输入手机号').fill('1234567');
  await page.getByPlaceholder('请输入短信验证码').click();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '安心购药，就在身边' })).toBeVisible();
  await page.getByRole('link', { name: '登录' }).first().click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByPlaceholder('请输入手机号')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a backurl to another site is ignored', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/user/login?backurl=//evil.example/steal');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click());
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
  await page.getByRole('checkbox').check();
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/user$/);
});
