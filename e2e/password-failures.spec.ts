import { passwordPanel, submitPasswordLogin } from './support/password-login.ts';
import { uniquePhone } from './support/session.ts';
import { expect, test } from './support/test.ts';

// Issue 10: every endpoint that checks a password shares one failure counter per account and per address.
// Ten wrong passwords sent to the phone binding from this address make the login and the binding page ask
// for the image code.

test('failures at the phone binding count for the login; the binding page shows the image code', async ({ page }) => {
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const reply = await page.request.put('/web-gateway/v2/member/account/phoneBinder', {
      data: {
        // Names nobody has (at most 20 characters, like every login name).
        loginName: `nb${Date.now() % 1e8}_${attempt}`,
        loginType: 1,
        password: 'Guess@2026',
        userName: uniquePhone(),
        validCode: '123456',
      },
    });
    expect(reply.status()).toBe(400);
    expect(((await reply.json()) as { message: string }).message).toBe('账号或密码错误');
  }

  // The login from this address now needs the image code (the helper answers it when asked).
  await page.goto('/user/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
  const first = await submitPasswordLogin(page, 'wx_demo_user', 'Demo@2026');
  expect(((await first.json()) as { code: string }).code).toBe('CAPTCHA_REQUIRED');
  await expect(passwordPanel(page).getByPlaceholder('请输入图形验证码')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/bind\/phone\/add\?loginName=wx_demo_user&loginType=1$/);

  // The binding checks the password again, so it asks for the image code too; with it the server goes on to
  // the SMS code (none was sent here: the account stays without a phone for the other journeys).
  await page.getByPlaceholder('请输入手机号').fill(uniquePhone());
  await page.getByPlaceholder('请输入短信验证码').fill('000000');
  const captchaReply = page.waitForResponse(
    (reply) => reply.url().endsWith('/v2/captcha/image/captchas') && reply.request().method() === 'POST',
  );
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByText('请输入图形验证码').first()).toBeVisible();
  const imageField = page.getByPlaceholder('请输入图形验证码');
  await expect(imageField).toBeVisible();
  const { answer } = (await (await captchaReply).json()) as { answer: string };
  await imageField.fill(answer);
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByText('请输入正确的验证码')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/bind\/phone\/add/);
});
