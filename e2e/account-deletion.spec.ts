import { openedDialog } from './support/dialog.ts';
import { latestSmsCode, signInAsNewMember } from './support/session.ts';
import { solveSlideCaptcha } from './support/slide-captcha.ts';
import { expect, test } from './support/test.ts';

/** The server sends one SMS per phone a minute: each further code for the same phone waits for the window. */
const SMS_WINDOW_MS = 61_000;

test('deleting the account, then signing in offers to withdraw, and withdrawing signs in', async ({ page }) => {
  test.setTimeout(200_000);
  const { phone } = await signInAsNewMember(page);
  let lastSentAt = Date.now();
  const waitForSmsWindow = () => page.waitForTimeout(Math.max(0, SMS_WINDOW_MS - (Date.now() - lastSentAt)));

  await page.goto('/user/personal/safe');
  await page.getByRole('button', { name: '注销账号' }).click();
  await expect(page).toHaveURL(/\/user\/account\/delete$/);
  await expect(page.getByText('注销账号是不可恢复的操作，请您谨慎操作')).toBeVisible();
  await expect(page.getByText(/15天冷静期/).first()).toBeVisible();
  const submit = page.getByRole('button', { name: '申请注销' });
  await expect(submit).toBeDisabled();

  await page.getByPlaceholder('请输入当前账号绑定的手机号').fill(phone);
  await waitForSmsWindow();
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click());
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  lastSentAt = Date.now();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
  await page.getByRole('checkbox').check();
  await submit.click();
  await page.getByRole('button', { name: '确定注销' }).click();
  const submitted = page.getByRole('dialog', { name: '注销申请已提交' });
  await expect(submitted).toContainText('在此之前使用短信验证码登录可撤销注销申请');
  await (await openedDialog(page, '注销申请已提交')).getByRole('button', { name: '知道了' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Every sign-in ended: member pages ask to sign in again.
  await page.goto('/user/personal/safe');
  await expect(page).toHaveURL(/\/user\/login/);

  // Signing in during the cooling-off period offers 撤销注销申请.
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await waitForSmsWindow();
  await solveSlideCaptcha(page, () => page.getByRole('button', { name: '获取验证码' }).click());
  await expect(page.getByRole('button', { name: /重新获取\(\d+s\)/ })).toBeVisible();
  await page.getByPlaceholder('请输入短信验证码').fill(await latestSmsCode(page.request, phone));
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  const dialog = await openedDialog(page, '账号注销中');
  await dialog.getByRole('button', { name: '撤销注销申请' }).click();
  await expect(page.getByText('已撤销注销申请，欢迎回来')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/personal\/safe$/);
  await expect(page.getByTestId('safety-phone')).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
});
