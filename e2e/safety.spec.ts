import { consentOnSandbox } from './support/sandbox-oauth.ts';
import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

test('binding and unbinding QQ on the safety page; signing another device out', async ({ page, browser }) => {
  const { phone } = await signInAsNewMember(page);
  await page.goto('/user/personal/safe');
  await expect(page.getByTestId('safety-phone')).toContainText(`已绑定手机 ${phone.slice(0, 3)}****${phone.slice(7)}`);
  await expect(page.getByText('邮箱绑定')).toBeVisible();
  await expect(page.getByText('第三方账号绑定')).toBeVisible();
  const qq = page.getByTestId('third-1');
  await expect(qq).toContainText('未绑定');

  // 绑定: the provider round trip comes back with isBind 0 and a ticket, and binds at once.
  const nickname = `安全页QQ${Date.now() % 100000}`;
  await qq.getByRole('button', { name: /绑\s?定/ }).click();
  await consentOnSandbox(page, nickname);
  await expect(page.getByText('您的QQ账号已关联成功，可直接使用该账号登录')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/personal\/safe$/);
  await expect(qq).toContainText(`已绑定（${nickname}）`);

  // Another browser signs in with that QQ account: a second device appears, and can be signed out from here.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/user/login');
  await otherPage.getByRole('button', { name: 'QQ', exact: true }).click();
  await consentOnSandbox(otherPage, nickname, { reuse: true });
  await expect(otherPage).toHaveURL(/\/user$/);

  await page.reload();
  const sessions = page.getByTestId('active-session');
  await expect(sessions).toHaveCount(2);
  const otherDevice = sessions.filter({ hasText: 'QQ登录' });
  await otherDevice.getByRole('button', { name: '退出登录' }).click();
  await page
    .getByRole('button', { name: /退\s?出/ })
    .last()
    .click();
  await expect(page.getByText('已退出该设备')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('当前设备');

  await otherPage.goto('/user/personal/safe');
  await expect(otherPage).toHaveURL(/\/user\/login/);
  await other.close();

  // 解绑 asks first, then says 解绑成功.
  await qq.getByRole('button', { name: /解\s?绑/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /解\s?绑/ })
    .click();
  await expect(page.getByText('解绑成功')).toBeVisible();
  await expect(qq).toContainText('未绑定');
});

test('a QQ account already bound to another member is refused on the safety page', async ({ page, browser }) => {
  const nickname = `已占用QQ${Date.now() % 100000}`;
  const first = await browser.newPage();
  await signInAsNewMember(first);
  await first.goto('/user/personal/safe');
  await first
    .getByTestId('third-1')
    .getByRole('button', { name: /绑\s?定/ })
    .click();
  await consentOnSandbox(first, nickname);
  await expect(first.getByTestId('third-1')).toContainText('已绑定');
  await first.close();

  await signInAsNewMember(page);
  await page.goto('/user/personal/safe');
  await page
    .getByTestId('third-1')
    .getByRole('button', { name: /绑\s?定/ })
    .click();
  await consentOnSandbox(page, nickname, { reuse: true });
  await expect(page.getByText('该账号已关联其他账号')).toBeVisible();
  await expect(page.getByTestId('third-1')).toContainText('未绑定');
});
