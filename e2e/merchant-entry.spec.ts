import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { runOps } from './support/ops.ts';
import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The open-store application (docs/MERCHANT-ENTRY.md): the form with its format checks and the two licence
// photos, the applicant's 审核中, the operator's rejection with a reason seen on the next load, 重新申请.
// SHOTS_DIR=<dir> also saves screenshots.

const PHOTO = fileURLToPath(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

test('a pharmacy applies to open a store, sees 审核中, then the operator’s rejection and applies again', async ({
  page,
}) => {
  await signInAsNewMember(page);
  const company = `安心测试${Date.now() % 1_000_000}大药房有限公司`;
  await page.goto('/merchants/entry');
  await expect(page.getByRole('heading', { name: '商家入驻' })).toBeVisible();

  await page.getByLabel('企业名称').fill(company);
  await page.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
  await page.getByLabel('药品经营许可证编号').click();
  await expect(page.getByText('请输入正确的统一社会信用代码')).toBeVisible();
  await page.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
  await page.getByLabel('药品经营许可证编号').fill('粤AA7550001');
  await page.getByLabel('联系人').fill('王经理');
  await page.getByLabel('联系电话').fill('13912345678');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请上传营业执照照片')).toBeVisible();

  await page.locator('#businessLicenceImage input[type=file]').setInputFiles(PHOTO);
  await expect(page.locator('#businessLicenceImage img')).toBeVisible();
  await page.locator('#drugLicenceImage input[type=file]').setInputFiles(PHOTO);
  await expect(page.locator('#drugLicenceImage img')).toBeVisible();
  await shot(page, 'merchant-entry-form');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('merchant-entry-status')).toHaveText('入驻申请审核中');
  await expect(page.getByText('139****5678')).toBeVisible();

  const listed = await runOps('merchant-entry');
  const line = listed.stdout.split('\n').find((text) => text.includes(company)) ?? '';
  const id = /■ (\d+)/.exec(line)?.[1];
  expect(id, listed.stdout).toBeTruthy();
  const rejected = await runOps('merchant-entry', id ?? '', 'reject', '--reason', '营业执照照片不清晰');
  expect(rejected.exitCode, rejected.stdout + rejected.stderr).toBe(0);

  await page.reload();
  await expect(page.getByTestId('merchant-entry-status')).toHaveText('入驻申请未通过');
  await expect(page.getByText('未通过原因：营业执照照片不清晰')).toBeVisible();
  await shot(page, 'merchant-entry-rejected');
  await page.getByRole('button', { name: '重新申请' }).click();
  await expect(page.getByRole('button', { name: '提交申请' })).toBeVisible();
});
