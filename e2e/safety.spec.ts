import { openedDialog, openedPopconfirm } from './support/dialog.ts';
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

  // 绑定: the provider round trip comes back with isBind 0 and a ticket; 取消 in the dialog binds nothing.
  const nickname = `安全页QQ${Date.now() % 100000}`;
  await qq.getByRole('button', { name: /绑\s?定/ }).click();
  await consentOnSandbox(page, nickname);
  const confirm = page.getByRole('dialog', { name: '确认绑定' });
  await expect(confirm).toContainText(`确认将QQ账号「${nickname}」绑定到当前账号？`);
  await expect(page).toHaveURL(/\/user\/personal\/safe$/);
  await (await openedDialog(page, '确认绑定')).getByRole('button', { name: /取\s?消/ }).click();
  await expect(confirm).toBeHidden();
  await expect(qq).toContainText('未绑定');

  // Again, and 确认 binds it.
  await qq.getByRole('button', { name: /绑\s?定/ }).click();
  await consentOnSandbox(page, nickname, { reuse: true });
  await expect(confirm).toContainText(`确认将QQ账号「${nickname}」绑定到当前账号？`);
  await (await openedDialog(page, '确认绑定')).getByRole('button', { name: /确\s?认/ }).click();
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
  // The confirm's own button: until the confirm has opened, the page's last 退出 button is the row's 退出登录,
  // and clicking it again closes the confirm.
  await (await openedPopconfirm(page, '退出该设备？')).getByRole('button', { name: /退\s?出/ }).click();
  await expect(page.getByText('已退出该设备')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('当前设备');

  await otherPage.goto('/user/personal/safe');
  await expect(otherPage).toHaveURL(/\/user\/login/);
  await other.close();

  // 解绑 asks first, then says 解绑成功.
  await qq.getByRole('button', { name: /解\s?绑/ }).click();
  await (await openedPopconfirm(page, '确定解绑该QQ账号吗？')).getByRole('button', { name: /解\s?绑/ }).click();
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
  await (await openedDialog(first, '确认绑定')).getByRole('button', { name: /确\s?认/ }).click();
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

test("a victim who opens the attacker's binding link binds nothing", async ({ page, browser }) => {
  // The attacker binds from his own safety page, but keeps the link the provider sends him back to.
  const attacker = await browser.newPage();
  await signInAsNewMember(attacker);
  await attacker.goto('/user/personal/safe');
  const callbackReply = attacker.waitForResponse((reply) => reply.url().includes('/passport/oauth2/callback/'));
  await attacker
    .getByTestId('third-2')
    .getByRole('button', { name: /绑\s?定/ })
    .click();
  await consentOnSandbox(attacker, `攻击者微信${Date.now() % 100000}`);
  const link = (await callbackReply).headers().location ?? '';
  expect(link).toMatch(/^\/user\/personal\/safe\?isBind=0&thirdType=2&ticket=/);
  await attacker.close();

  // The signed-in victim opens it: no dialog, the refusal, and WeChat stays unbound.
  await signInAsNewMember(page);
  await page.goto(link);
  await expect(page.getByText('第三方授权已失效，请重新绑定')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/personal\/safe$/);
  await expect(page.getByRole('dialog', { name: '确认绑定' })).toHaveCount(0);
  await expect(page.getByTestId('third-2')).toContainText('未绑定');
});
