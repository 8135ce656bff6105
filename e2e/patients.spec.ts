import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { computeIdCardCheckDigit } from '../packages/shared/src/common/id-card.ts';
import { MSG } from '../packages/shared/src/common/messages.ts';
import { openedDialog } from './support/dialog.ts';
import { chooseRegionIn, pickDate } from './support/pickers.ts';
import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// Medication users (用药人): the list /user/patientInfo and the form /user/patientInfo/{mode}/{id?} (
//). The sandbox identity check accepts every valid ID card except a name starting with 假.

const PHOTO = fileURLToPath(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));

/** A valid 18-digit ID card of Beijing Dongcheng born on `birth` (YYYY-MM-DD); an odd sequence is a man. */
function idCard(birth: string, sequence: string) {
  const first17 = `110101${birth.replaceAll('-', '')}${sequence}`;
  return first17 + computeIdCardCheckDigit(first17);
}

const cards = (page: Page) => page.getByTestId('patient-card');
const form = (page: Page) => page.locator('form.patient-form');
const save = (page: Page) => form(page).getByRole('button', { name: '保存' });

async function openAddForm(page: Page) {
  await page.goto('/user/patientInfo');
  await expect(page.getByTestId('patient-count')).toBeVisible();
  await page.getByRole('button', { name: '添加用药人' }).first().click();
  await expect(page).toHaveURL(/\/user\/patientInfo\/add$/);
  await expect(page.getByRole('heading', { name: '添加用药人' })).toBeVisible();
}

async function fillBase(page: Page, { name, relation }: { name: string; relation: string }) {
  await form(page).getByLabel('姓名', { exact: true }).fill(name);
  await form(page).getByLabel('手机号码', { exact: true }).fill('13912345678');
  await form(page).locator('.patient-form__relations').getByText(relation, { exact: true }).click();
}

test('add a patient from an ID card, see it in the list, make another the default and delete with a confirm', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await page.goto('/user/patientInfo');
  await expect(page.getByText('您还没有添加用药人')).toBeVisible();
  await expect(page.getByRole('link', { name: '用药人管理' })).toBeVisible();

  await openAddForm(page);
  await expect(form(page).getByText('输入身份证号后自动识别')).toBeVisible();
  // Separators in the name become one middle dot when the field is left.
  await fillBase(page, { name: '林 . 安心', relation: '本人' });
  await form(page).getByLabel('身份证号').fill(idCard('1990-02-01', '124'));
  await expect(form(page).getByLabel('姓名', { exact: true })).toHaveValue('林·安心');
  // Sex and birth date come from the ID card, shown read-only.
  await expect(page.getByTestId('patient-identity')).toContainText('女');
  await expect(page.getByTestId('patient-identity')).toContainText('1990-02-01');
  await expect(form(page).getByLabel('性别')).toHaveCount(0);

  // Health info: 药物过敏史 有 with a label; 有 with nothing chosen is refused by the dialog.
  await form(page).getByRole('button', { name: '填写健康信息' }).click();
  const health = await openedDialog(page, '健康信息');
  await health.getByTestId('health-drugAllergy').getByText('有', { exact: true }).click();
  await health.getByRole('button', { name: '确定' }).click();
  await expect(health.getByText('请选择或填写药物过敏史')).toBeVisible();
  await health.getByText('青霉素类').click();
  await health.getByRole('button', { name: '确定' }).click();
  await expect(health).toBeHidden();
  await expect(form(page).getByText('药物过敏史：青霉素类')).toBeVisible();

  await save(page).click();
  await expect(page.getByText(MSG.patientCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/patientInfo$/);
  await expect(cards(page)).toHaveCount(1);
  const first = cards(page).first();
  await expect(first).toContainText('林·安心');
  await expect(first).toContainText('本人');
  await expect(first).toContainText('110***********');
  await expect(first.getByText('已实名')).toBeVisible();

  // Edit: the real-name-verified name and number are read-only; the health info came back.
  await first.getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/user\/patientInfo\/edit\/\d+$/);
  await expect(form(page).getByLabel('姓名', { exact: true })).toBeDisabled();
  await expect(form(page).getByLabel('身份证号')).toBeDisabled();
  await expect(form(page).getByText('药物过敏史：青霉素类')).toBeVisible();
  await form(page).getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/user\/patientInfo$/);

  // A second one, then it becomes the default and moves to the top.
  await openAddForm(page);
  await fillBase(page, { name: '林建国', relation: '父母' });
  await form(page).getByLabel('身份证号').fill(idCard('1962-08-15', '131'));
  await save(page).click();
  await expect(page.getByText(MSG.patientCreated)).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  const father = cards(page).filter({ hasText: '林建国' });
  await father.getByRole('button', { name: '设为默认' }).click();
  await expect(cards(page).first()).toContainText('林建国');
  await expect(cards(page).first().getByText('默认', { exact: true })).toBeVisible();
  await expect(cards(page).filter({ hasText: '林·安心' }).getByRole('button', { name: '设为默认' })).toBeVisible();

  // Delete asks first; 取消 keeps it, 删除 removes it.
  await cards(page).filter({ hasText: '林·安心' }).getByRole('button', { name: '删除' }).click();
  let confirm = await openedDialog(page, '确定删除用药人');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(cards(page)).toHaveCount(2);
  await cards(page).filter({ hasText: '林·安心' }).getByRole('button', { name: '删除' }).click();
  confirm = await openedDialog(page, '确定删除用药人');
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(MSG.patientDeleted)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('林建国');
});

test('a 5-year-old needs a guardian and the consent: refused without, guardian check failure, then saved', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await openAddForm(page);
  const year = new Date().getFullYear() - 5;
  await fillBase(page, { name: '林小安', relation: '子女' });
  await form(page)
    .getByLabel('身份证号')
    .fill(idCard(`${year}-01-01`, '123'));
  await expect(page.getByTestId('patient-identity')).toContainText('5岁');
  await expect(form(page).getByText('监护人信息')).toBeVisible();
  const consent = form(page).getByLabel(/我已取得该未成年人监护人的同意/);
  await expect(consent).toBeVisible();

  // Without the guardian: the message, and each guardian field names itself.
  await save(page).click();
  await expect(page.getByText(MSG.guardianRequired)).toBeVisible();
  await expect(form(page).getByText(MSG.guardianImageRequired)).toBeVisible();
  await expect(form(page).getByText(MSG.guardianConsentRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/patientInfo\/add$/);

  // A guardian the identity check refuses (the sandbox refuses names starting with 假): the dialog, and the
  // photo upload stays in view.
  await form(page).getByLabel('监护人姓名').fill('假监护');
  await form(page).getByLabel('监护人手机号').fill('13700001111');
  await form(page).getByLabel('监护人身份证').fill(idCard('1990-05-05', '135'));
  await page.getByTestId('guardian-image-upload').locator('input[type=file]').setInputFiles(PHOTO);
  const photo = page.getByRole('img', { name: '监护人身份证照片' });
  await expect(photo).toBeVisible();

  // A private upload: shown by a signed URL that loads; the public files path of the same name answers 404.
  const photoSrc = (await photo.getAttribute('src')) ?? '';
  expect(photoSrc).toMatch(/^\/web-gateway\/v2\/upload\/private\/[\w-]+\.png\?exp=\d+&sig=[\w-]+$/);
  await expect.poll(() => photo.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  const photoName = photoSrc.split('?')[0].split('/').pop();
  expect((await page.request.get(`/web-gateway/files/${photoName}`)).status()).toBe(404);
  await consent.check();
  await save(page).click();
  const failed = await openedDialog(page, MSG.guardianRealNameFailed);
  await failed.getByRole('button', { name: '我知道了' }).click();
  await expect(page.getByTestId('guardian-image-upload')).toBeInViewport();

  // The right guardian: saved.
  await form(page).getByLabel('监护人姓名').fill('林监护');
  await save(page).click();
  await expect(page.getByText(MSG.patientCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/patientInfo$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('林小安');
  await expect(cards(page).first()).toContainText('5岁');
  await expect(cards(page).first()).toContainText('子女');
});

test('two ID-card errors open the other certificate types, with their own format, sex and birth date', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await openAddForm(page);
  await fillBase(page, { name: 'Tom', relation: '朋友' });
  const valid = idCard('1990-01-01', '135');
  const wrongCheckDigit = valid.slice(0, 17) + (valid[17] === '1' ? '2' : '1');
  await form(page).getByLabel('身份证号').fill(wrongCheckDigit);

  await save(page).click();
  await expect(form(page).getByText(MSG.idCardCheckDigit)).toBeVisible();
  await expect(form(page).getByLabel('证件类型')).toHaveCount(0);
  await save(page).click();
  await expect(form(page).getByLabel('证件类型')).toBeVisible();

  // A passport: its own format, then sex and a birth date to enter.
  await form(page).getByLabel('证件类型').click();
  await page.locator('.ant-select-dropdown').getByTitle('护照').click();
  await expect(form(page).getByLabel('证件号码')).toHaveValue('');
  await form(page).getByLabel('证件号码').fill('??');
  await save(page).click();
  await expect(form(page).getByText(MSG.certificateMalformed)).toBeVisible();
  await expect(form(page).getByText(MSG.sexRequired)).toBeVisible();
  await expect(form(page).getByText(MSG.patientBirthDayEmpty)).toBeVisible();

  await form(page).getByLabel('证件号码').fill('E12345678');
  await form(page).getByText('女', { exact: true }).click();
  // The panel opens 35 years back; a day of that month.
  const opened = new Date();
  const date = `${opened.getFullYear() - 35}-${String(opened.getMonth() + 1).padStart(2, '0')}-15`;
  await pickDate(page, form(page).getByPlaceholder('请选择出生日期'), date);
  await save(page).click();
  await expect(page.getByText(MSG.patientCreated)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('护照');
  await expect(cards(page).first()).toContainText('女');
});

test('the patient’s region (所在地区): chosen on add in four levels, shown when editing, changed and cleared', async ({
  page,
}) => {
  await signInAsNewMember(page);
  await openAddForm(page);
  await fillBase(page, { name: '林安心', relation: '本人' });
  await form(page).getByLabel('身份证号').fill(idCard('1988-06-06', '135'));
  const region = form(page).locator('.ant-cascader');
  await expect(region).toContainText('请选择省/市/区/街道');
  await chooseRegionIn(page, region, ['广东省', '深圳市', '南山区', '南头街道']);
  await expect(region).toContainText('广东省 / 深圳市 / 南山区 / 南头街道');
  await save(page).click();
  await expect(page.getByText(MSG.patientCreated)).toBeVisible();

  await cards(page).first().getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/user\/patientInfo\/edit\/\d+$/);
  await expect(region).toContainText('广东省 / 深圳市 / 南山区 / 南头街道');
  // Another region, down to the district only: a click outside closes the menu above the street level.
  await chooseRegionIn(page, region, ['北京市', '市辖区', '东城区']);
  await page.getByRole('heading', { name: '编辑用药人' }).click();
  await expect(region).toContainText('北京市 / 市辖区 / 东城区');
  await save(page).click();
  await expect(page.getByText(MSG.patientSaved)).toBeVisible();

  await cards(page).first().getByRole('link', { name: '编辑' }).click();
  await expect(region).toContainText('北京市 / 市辖区 / 东城区');
  // Cleared: saved without a region.
  await region.hover();
  await region.locator('.ant-select-clear').click();
  await expect(region).toContainText('请选择省/市/区/街道');
  await save(page).click();
  await expect(page.getByText(MSG.patientSaved).last()).toBeVisible();
  await cards(page).first().getByRole('link', { name: '编辑' }).click();
  await expect(form(page).getByLabel('姓名', { exact: true })).toHaveValue('林安心');
  await expect(region).toContainText('请选择省/市/区/街道');
});
