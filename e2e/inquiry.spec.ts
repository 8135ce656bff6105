import type { Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/common/messages.ts';
import { openedDialog } from './support/dialog.ts';
import { AMOXICILLIN, idCard, submittedRxOrderByApi } from './support/inquiry.ts';
import { runOps } from './support/ops.ts';
import { signInAsNewMember } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// The prescription inquiry (/pay/inquiry) and the pharmacist's review as the member sees it on
// the order: a new member each time; the pharmacist is the operator's command line (npm run ops -- audit).

const question = (page: Page, index: number) => page.getByTestId('inquiry-question').nth(index);
const answer = (page: Page, index: number, value: '是' | '否') =>
  question(page, index).getByText(value, { exact: true }).click();

test('pay a prescription order through the inquiry, then the pharmacist passes it and the prescription shows', async ({
  page,
}) => {
  const { login } = await signInAsNewMember(page);
  await createAddressByApi(page.request, login.access_token);

  // A prescription order: 立即付款 leads to the inquiry.
  await page.goto(`/product/${AMOXICILLIN}`);
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settle\?id=/);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText('订单已提交，等待药师审核')).toBeVisible();
  await page.getByRole('link', { name: '立即付款' }).click();
  await expect(page).toHaveURL(/\/pay\/inquiry\?orderCode=AX\d{16}&paySource=PC$/);
  const ordersCode = new URL(page.url()).searchParams.get('orderCode') ?? '';

  // The product with its notice; no patient yet: a verified one is asked for.
  const product = page.getByTestId('inquiry-product');
  await expect(product).toContainText('阿莫西林胶囊');
  await expect(product).toContainText('处方药须凭处方在药师指导下购买和使用');
  await expect(page.getByTestId('inquiry-patient-issue')).toContainText(MSG.noVerifiedPatient);

  // Add a patient through the patient form, which comes back here.
  await page.getByRole('link', { name: '添加用药人' }).first().click();
  await expect(page).toHaveURL(/\/user\/patientInfo\/add\?from=%2Fpay%2Finquiry/);
  const form = page.locator('form.patient-form');
  await form.getByLabel('姓名', { exact: true }).fill('周安宁');
  await form.getByLabel('手机号码', { exact: true }).fill('13912345678');
  await form.locator('.patient-form__relations').getByText('本人', { exact: true }).click();
  await form.getByLabel('身份证号').fill(idCard('1985-03-09', '135'));
  await form.getByRole('button', { name: '保存' }).click();
  // Back with the patient just added, which the inquiry chooses.
  await expect(page).toHaveURL(new RegExp(`/pay/inquiry\\?orderCode=${ordersCode}&paySource=PC&patientId=\\d+$`));
  const patient = page.getByTestId('inquiry-patient');
  await expect(patient).toHaveCount(1);
  await expect(patient).toContainText('周安宁');
  await expect(patient).toContainText('已实名');
  await expect(patient).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('inquiry-patient-issue')).toHaveCount(0);

  // Diseases: the defaults come chosen; un-choose one, add one from the dictionary and one of our own.
  const tags = product.getByTestId('inquiry-disease-tags');
  const defaults = tags.locator('.ant-tag-checkable-checked');
  const defaultCount = await defaults.count();
  expect(defaultCount).toBeGreaterThan(0);
  await defaults.first().click();
  await expect(defaults).toHaveCount(defaultCount - 1);
  const search = product.getByPlaceholder('搜索疾病名称或ICD编码');
  await search.click();
  await search.fill('支气管');
  const option = page.locator('.ant-select-item-option').filter({ hasText: '急性支气管炎' });
  await option.click();
  await expect(tags.locator('.ant-tag-checkable-checked').filter({ hasText: '急性支气管炎' })).toBeVisible();
  const custom = product.getByPlaceholder('未找到？自行填写疾病名称');
  await custom.fill('咽喉肿痛');
  await product.getByRole('button', { name: '添加' }).click();
  await expect(tags).toContainText('咽喉肿痛');
  await custom.fill('咽喉肿痛');
  await product.getByRole('button', { name: '添加' }).click();
  await expect(product.getByText(MSG.customDiseaseExists)).toBeVisible();
  await custom.fill('');

  // The questions: a wrong answer shows its message at once; the right one clears it.
  await answer(page, 0, '否');
  await expect(question(page, 0)).toContainText(MSG.answerContraindicated);
  await answer(page, 0, '是');
  await expect(question(page, 0).getByRole('alert')).toHaveCount(0);
  await answer(page, 2, '是');
  await expect(question(page, 2)).toContainText(MSG.answerAdverseReaction);
  await answer(page, 2, '否');
  await answer(page, 1, '否');

  // Without the consent nothing is sent; with it, the inquiry is saved and the cashier opens.
  await page.getByRole('button', { name: '保存并同意问诊' }).click();
  await expect(page.getByText(MSG.inquiryConfirmRequired)).toBeVisible();
  await page.getByText('本人确认已在线下确诊并使用过该药品').click();
  await page.getByRole('button', { name: '保存并同意问诊' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: /微信支付/ }).click();
  await page.getByRole('button', { name: '支付成功' }).click();
  await expect(page.locator('.ant-result-title')).toHaveText('支付成功');
  await expect(page).toHaveURL(new RegExp(`/user/order/detail/${ordersCode}$`), { timeout: 10_000 });

  // The order waits for the pharmacist.
  const progress = page.getByTestId('prescription-progress');
  await expect(progress.locator('.ant-steps-item-process')).toContainText('药师审核中');
  await expect(progress.getByRole('link', { name: '查看处方' })).toHaveCount(0);
  // Back on the inquiry page, the order is complete: a short notice instead of the form.
  await page.goto(`/pay/inquiry?orderCode=${ordersCode}&paySource=PC`);
  await expect(page.getByText('问诊信息已提交')).toBeVisible();
  await expect(page.getByRole('button', { name: '保存并同意问诊' })).toHaveCount(0);

  // The pharmacist passes it: 审核通过 and the prescription.
  const audit = await runOps('audit', ordersCode, 'pass', '--pharmacist', '李药师');
  expect(audit.exitCode, audit.stderr).toBe(0);
  await page.goto(`/user/order/detail/${ordersCode}`);
  await expect(progress).toContainText('审核通过');
  await expect(progress).toContainText('李药师');
  await progress.getByRole('link', { name: '查看处方' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order/prescription/${ordersCode}$`));
  const prescription = page.getByTestId('prescription');
  await expect(prescription).toContainText('周安宁');
  await expect(prescription).toContainText('阿莫西林胶囊');
  await expect(page.getByTestId('prescription-diagnoses')).toContainText('急性支气管炎');
  await expect(page.getByTestId('prescription-diagnoses')).toContainText('咽喉肿痛');
  await expect(prescription).toContainText('审核药师：李药师');
  await expect(prescription).toContainText('处方药须凭处方在药师指导下购买和使用');
  await expect(page.getByRole('button', { name: '打印' })).toBeVisible();
});

test('a rejected prescription shows 未通过 with the reason, and no prescription', async ({ page }) => {
  const { login } = await signInAsNewMember(page);
  const ordersCode = await submittedRxOrderByApi(page.request, login.access_token);
  const audit = await runOps('audit', ordersCode, 'reject', '--pharmacist', '李药师', '--reason', '诊断与所购药品不符');
  expect(audit.exitCode, audit.stderr).toBe(0);

  await page.goto(`/user/order/detail/${ordersCode}`);
  const progress = page.getByTestId('prescription-progress');
  await expect(progress.locator('.ant-steps-item-error')).toContainText('未通过');
  await expect(progress).toContainText('诊断与所购药品不符');
  await expect(progress.getByRole('link', { name: '查看处方' })).toHaveCount(0);
  await expect(page.getByTestId('order-detail-status')).toHaveText('已取消');

  await page.goto(`/user/order/prescription/${ordersCode}`);
  await expect(page.getByText(MSG.prescriptionNotReady)).toBeVisible();
});

test('an unpaid prescription order waiting for the inquiry can be cancelled from its detail page', async ({ page }) => {
  const { login } = await signInAsNewMember(page);
  const { id: addressId } = await createAddressByApi(page.request, login.access_token);
  const { ordersCode } = await placeOrderByApi(page.request, login.access_token, {
    addressId,
    skuCode: AMOXICILLIN,
    paymentType: 99,
  });
  await page.goto(`/user/order/detail/${ordersCode}`);
  await expect(page.getByTestId('order-detail-status')).toHaveText('待审核');
  const progress = page.getByTestId('prescription-progress');
  await expect(progress.locator('.ant-steps-item-process')).toContainText('提交问诊');
  await expect(progress.getByRole('link', { name: '去问诊' })).toHaveAttribute(
    'href',
    `/pay/inquiry?orderCode=${ordersCode}&paySource=PC`,
  );
  await page.getByTestId('order-action-cancel').click();
  const confirm = await openedDialog(page, '确定要取消该订单吗？');
  await confirm.getByRole('button', { name: '取消订单' }).click();
  // The toast (the detail's status hint says the same once the order is reloaded).
  await expect(page.getByRole('alert').getByText(MSG.orderCanceled)).toBeVisible();
  await expect(page.getByTestId('order-detail-status')).toHaveText('已取消');

  // The inquiry of a cancelled order offers only the order.
  await page.goto(`/pay/inquiry?orderCode=${ordersCode}&paySource=PC`);
  await expect(page.getByText('订单已取消')).toBeVisible();
  await expect(page.getByRole('button', { name: '保存并同意问诊' })).toHaveCount(0);
});
