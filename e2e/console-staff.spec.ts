import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { STAFF_ADMIN_MSG } from '../packages/shared/src/staff/console-staff.contract.ts';
import { openConsoleAs, staffBearer } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// 员工 (docs/CONSOLE.md, "Staff management"): the admin makes a warehouse account; its holder signs in with the
// initial password, sets up the authenticator from the secret the page shows, and sees the warehouse's menu
// only; the admin disables the account and its next call is refused.

async function consoleTab(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The six digits an authenticator app shows now for this base32 secret (RFC 6238, as the server makes them). */
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

test('admin_demo creates a warehouse account; it signs in, sets up TOTP, sees the warehouse menu; disabled, it is refused', async ({
  browser,
  baseURL,
}) => {
  const loginName = `cang_${Date.now().toString(36)}`;
  const password = 'Start@2026';

  const admin = await consoleTab(browser, baseURL);
  await openConsoleAs(admin, 'admin_demo', '/admin/staff');
  await expect(
    admin.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem', { name: '员工' }),
  ).toBeVisible();
  await admin.getByRole('button', { name: '新建员工' }).click();
  const create = admin.getByRole('dialog', { name: '新建员工' });
  // The page checks what the server checks, in the same words.
  await create.getByLabel('登录名').fill('Cang');
  await create.getByRole('button', { name: '创建' }).click();
  await expect(create.getByText(STAFF_ADMIN_MSG.loginNameInvalid)).toBeVisible();
  await expect(create.getByText(STAFF_ADMIN_MSG.rolesEmpty)).toBeVisible();
  await create.getByLabel('登录名').fill(loginName);
  await create.getByLabel('姓名').fill('周仓管');
  await create.getByRole('checkbox', { name: /仓库/ }).check();
  await create.getByLabel('初始密码').fill(password);
  await create.getByRole('button', { name: '创建' }).click();
  await expect(create).toBeHidden();
  const row = admin.getByRole('row').filter({ hasText: loginName });
  await expect(row).toContainText('周仓管');
  await expect(row).toContainText('仓库');
  await expect(row).toContainText('待首次登录设置');
  await expect(row).toContainText('从未登录');

  // The new member's first sign-in: the password, then the authenticator set up from the shown secret.
  const member = await consoleTab(browser, baseURL);
  await member.goto('/admin/login');
  await member.getByLabel('登录名').fill(loginName);
  await member.getByLabel('密码', { exact: true }).fill(password);
  await member.getByRole('button', { name: '下一步' }).click();
  await expect(member.getByRole('img', { name: '身份验证器二维码' })).toBeVisible();
  const secret = (await member.locator('.totp-setup__secret code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await member.getByRole('textbox', { name: '动态验证码' }).fill(codeOf(secret));
  await member.getByRole('button', { name: '登录', exact: true }).click();
  await expect(member.getByRole('heading', { name: '保存恢复码' })).toBeVisible();
  await member.getByRole('button', { name: '我已保存，进入后台' }).click();
  await expect(member).toHaveURL('/admin');
  await expect(member.locator('.console-header')).toContainText('周仓管');
  await expect(member.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem')).toHaveText([
    '工作台',
    '订单',
  ]);
  const token = (await member.evaluate(() => sessionStorage.getItem('anxin.staffToken'))) ?? '';
  expect((await member.request.get('/web-gateway/admin/me', { headers: staffBearer(token) })).status()).toBe(200);

  // The admin sees the sign-in and the authenticator, then disables the account.
  await admin.reload();
  await expect(row).toContainText('已设置');
  await expect(row).not.toContainText('从未登录');
  await row.getByRole('button', { name: `停用${loginName}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('已停用');
  await expect(row.getByRole('button', { name: `启用${loginName}` })).toBeVisible();

  // The member's next call is refused: the console goes back to its sign-in, which refuses the account.
  expect((await member.request.get('/web-gateway/admin/me', { headers: staffBearer(token) })).status()).toBe(401);
  await member.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem', { name: '订单' }).click();
  await expect(member).toHaveURL(/\/admin\/login/);
  await member.getByLabel('登录名').fill(loginName);
  await member.getByLabel('密码', { exact: true }).fill(password);
  await member.getByRole('button', { name: '下一步' }).click();
  await expect(member.getByText(STAFF_ADMIN_MSG.disabled)).toBeVisible();

  // The acts are in the audit log.
  await admin.goto('/admin/audit-log');
  await expect(admin.getByRole('row').filter({ hasText: '新建员工' }).filter({ hasText: loginName })).toHaveCount(1);
  await expect(admin.getByRole('row').filter({ hasText: '停用员工' }).filter({ hasText: loginName })).toHaveCount(1);
  await admin.context().close();
  await member.context().close();
});
