import type { Browser, Page } from '@playwright/test';
import { signInAsNewMember, uniquePhone } from './support/session.ts';
import { openConsoleAs } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// 营销's coupon and coin pages of the console (docs/CONSOLE.md, 营销 — 健康补贴与健康币): yunying_demo makes a
// coupon template, issues it in a batch whose progress reaches its count, and adjusts a member's coins with a
// reason; the member sees the coupon and the coins; admin_demo finds each act in 操作日志.

async function consoleTab(browser: Browser, baseURL: string | undefined, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width, height: 900 } });
  return context.newPage();
}

const menu = (page: Page) => page.getByRole('navigation', { name: '后台菜单' });

/** The rows of 操作日志 searched by the object's id (its start) or the one who acted, opened by admin_demo. */
async function auditRows(browser: Browser, baseURL: string | undefined, search: { object?: string; staff?: string }) {
  const admin = await consoleTab(browser, baseURL);
  await openConsoleAs(admin, 'admin_demo', '/admin');
  await menu(admin).getByRole('menuitem', { name: '操作日志' }).click();
  await expect(admin).toHaveURL('/admin/audit-log');
  if (search.object) await admin.getByLabel('对象').fill(search.object);
  if (search.staff) await admin.getByLabel('操作人').fill(search.staff);
  await admin.getByRole('button', { name: '搜索' }).click();
  await expect(admin).toHaveURL(/\/admin\/audit-log\?/);
  return admin.getByRole('row');
}

test('yunying_demo makes a coupon template and issues it; the progress reaches its count; the member sees the coupon', async ({
  page,
  browser,
  baseURL,
}) => {
  const { phone } = await signInAsNewMember(page);
  const run = Date.now().toString(36);
  const title = `满59减8.8-${run.slice(-4)}`;
  const code = `e2e-${run}`;

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yunying_demo', '/admin');
  await menu(staff).getByRole('menuitem', { name: '健康补贴' }).click();
  await expect(staff).toHaveURL('/admin/coupons');

  await staff.getByRole('button', { name: '新建模板' }).click();
  const dialog = staff.getByRole('dialog', { name: '新建补贴模板' });
  await dialog.getByLabel('模板名称').fill(title);
  // A code the server would refuse is refused on the page with the server's message.
  await dialog.getByLabel('模板代码').fill('E2E 模板');
  await expect(dialog.getByText('模板代码须为2-32位小写字母、数字或“-”，以字母或数字开头')).toBeVisible();
  await dialog.getByLabel('模板代码').fill(code);
  await dialog.getByLabel('面额（元）').fill('8.8');
  await dialog.getByLabel('使用门槛（元）').fill('59');
  await dialog.getByLabel('有效天数').fill('20');
  await dialog.getByLabel('使用范围说明（选填）').fill('限本次活动使用');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(staff.getByText(`模板“${title}”已创建`)).toBeVisible();
  // The dialog gives the focus back to 新建模板 when it has gone: typing before then would land there (Enter
  // opening the dialog again over the page).
  await expect(dialog).toBeHidden();
  const templates = staff.getByRole('table', { name: '补贴模板' });
  await expect(templates.getByRole('row').filter({ hasText: code })).toContainText('满¥59.00');

  // One phone of a member, one of nobody, the member's again: one coupon issued, one phone skipped.
  await staff.getByRole('combobox', { name: '补贴模板' }).fill(title);
  await staff.keyboard.press('Enter');
  await staff.getByLabel('会员手机号').fill(`${phone}\n${uniquePhone()}，${phone}`);
  await staff.getByRole('button', { name: '发放' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '开始发放' }).click();
  const progress = staff.getByRole('progressbar', { name: /发放进度/ });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(staff.getByRole('status').filter({ hasText: '发放完成' })).toContainText(
    '已发放 1 张，跳过 1 个（非会员手机号或已注销）',
  );
  const batchRow = staff.getByRole('table', { name: '发放记录' }).getByRole('row').filter({ hasText: title });
  await expect(batchRow).toContainText('已完成');
  await expect(batchRow).toContainText('2 个手机号');
  await expect(batchRow).toContainText('yunying_demo');
  const batchId = (await batchRow.getByRole('cell').first().textContent())?.trim() ?? '';

  // The member's coupons: the gift pack's three and this one.
  await page.goto('/user/account/coupon');
  await expect(page.getByTestId('coupon-tab-0')).toHaveText('未使用(4)');
  await expect(page.getByTestId('coupon-card').filter({ hasText: '限本次活动使用' })).toContainText('8.8');
  await staff.context().close();

  const templateRows = await auditRows(browser, baseURL, { object: code });
  await expect(templateRows.filter({ hasText: '新建补贴模板' })).toContainText('yunying_demo');
  const batchRows = await auditRows(browser, baseURL, { object: batchId });
  await expect(batchRows.filter({ hasText: '批量发放补贴' })).toContainText(code);
});

test('yunying_demo adjusts a member’s coins with a reason on a phone, never below zero; the member sees them', async ({
  page,
  browser,
  baseURL,
}) => {
  const { phone } = await signInAsNewMember(page);
  const reason = `活动奖励${Date.now().toString(36).slice(-5)}`;
  const staff = await consoleTab(browser, baseURL, 375);
  await openConsoleAs(staff, 'yunying_demo', '/admin/coins');
  await expect(staff.getByRole('heading', { name: '调整健康币' })).toBeVisible();

  const adjust = async (amount: string, why: string) => {
    await staff.getByLabel('会员手机号').fill(phone);
    await staff.getByLabel('调整数量').fill(amount);
    await staff.getByLabel('调整原因').fill(why);
    // A loading antd button swallows a click: the previous adjustment's request must have ended.
    const submit = staff.getByRole('button', { name: '调整', exact: true });
    await expect(submit).not.toHaveClass(/ant-btn-loading/);
    await submit.click();
    await staff.getByRole('dialog').getByRole('button', { name: '确认调整' }).click();
    await expect(staff.getByRole('dialog')).toHaveCount(0);
  };
  await adjust('150', reason);
  await expect(staff.getByText('当前余额 150')).toBeVisible();
  await adjust('-200', '误发扣回');
  await expect(staff.getByText('健康币余额不足，扣减后余额不能小于0（该会员当前余额150）')).toBeVisible();
  await adjust('-50', '部分扣回');
  await expect(staff.getByText('当前余额 100')).toBeVisible();

  // On a phone the records are cards; nothing pans sideways.
  await staff.getByLabel('手机号（开头几位即可）').fill(phone);
  await staff.getByRole('button', { name: '搜索' }).click();
  const records = staff.getByRole('list', { name: '健康币调整记录' }).getByRole('listitem');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText('-50');
  await expect(records.last()).toContainText(reason);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await staff.context().close();

  await page.goto('/user/account/coin');
  await expect(page.getByTestId('coin-balance')).toHaveText('100');
  await expect(page.getByTestId('coin-table')).toContainText(reason);
  await expect(page.getByTestId('coin-table')).toContainText('部分扣回');

  const rows = await auditRows(browser, baseURL, { staff: 'yunying_demo' });
  await expect(rows.filter({ hasText: reason })).toContainText('调整健康币');
});
