import type { Page } from '@playwright/test';

export const passwordPanel = (page: Page) => page.getByRole('tabpanel', { name: '密码登录' });

/** Fills the form and submits; if the server asks for the image code (other journeys' failures from this address), answers it. */
export async function submitPasswordLogin(page: Page, loginName: string, password: string) {
  const panel = passwordPanel(page);
  await panel.getByPlaceholder('请输入用户名/手机号').fill(loginName);
  await panel.getByPlaceholder('请输入密码').fill(password);
  const agreement = panel.getByRole('checkbox');
  if (!(await agreement.isChecked())) await agreement.check();
  const captchaReply = page
    .waitForResponse(
      (reply) => reply.url().endsWith('/v2/captcha/image/captchas') && reply.request().method() === 'POST',
      {
        timeout: 5_000,
      },
    )
    .catch(() => null);
  const loginReply = page.waitForResponse((reply) => reply.url().endsWith('/passport/account/login/v3'));
  await panel.getByRole('button', { name: /^登\s?录$/ }).click();
  const reply = await loginReply;
  const body = reply.ok() ? null : ((await reply.json()) as { code: string; message: string });
  if (body?.code === 'CAPTCHA_REQUIRED' && body.message !== '账号或密码错误') {
    const captcha = await captchaReply;
    if (!captcha) throw new Error('the image code was asked for but none was loaded');
    const { answer } = (await captcha.json()) as { answer: string };
    await panel.getByPlaceholder('请输入图形验证码').fill(answer);
    await panel.getByRole('button', { name: /^登\s?录$/ }).click();
  }
  return reply;
}
