import type { Page } from '@playwright/test';
import { openedDialog, openedPopconfirm } from './support/dialog.ts';
import { signInAsNewMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The address book (/user/personal/address): add through the 4-level cascader, edit, default, delete, the limit
// of 20, and a 401 on save (issue 4).

const cards = (page: Page) => page.getByTestId('address-card');
const modal = (page: Page) => page.locator('.ant-modal');
const cascaderMenu = (page: Page) => page.locator('.region-cascader-popup');

async function openAddressBook(page: Page) {
  await page.goto('/user/personal/address');
  await expect(page.getByTestId('address-count')).toBeVisible();
}

/**
 * Clicks down the cascader one level at a time (each level loads when the one above is chosen). A click that
 * lands while the menu is still sliding in is lost on a loaded machine: a level counts as chosen once its item
 * is the active one, else it is clicked again.
 */
async function chooseRegion(page: Page, names: string[]) {
  await modal(page).locator('.ant-cascader').click();
  for (const [level, name] of names.entries()) {
    const item = cascaderMenu(page)
      .locator('.ant-cascader-menu')
      .nth(level)
      .locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) });
    if (level === names.length - 1) {
      await item.click();
      continue;
    }
    await expect(async () => {
      await item.click({ timeout: 2_000 });
      await expect(item).toHaveClass(/ant-cascader-menu-item-active/, { timeout: 1_000 });
    }).toPass();
  }
}

/** Stops above the street level: a click outside closes the menus (Esc would close the modal too). */
async function closeCascader(page: Page) {
  await modal(page).locator('.ant-modal-title').click();
  await expect(cascaderMenu(page)).toBeHidden();
}

const body = (overrides: Record<string, unknown> = {}) => ({
  consignee: '测试收货人',
  consigneePhone2: '13912345678',
  provinceCode: '44',
  cityCode: '4403',
  regionCode: '440305',
  customArea: '深南大道1号',
  ...overrides,
});

test('add through the 4-level cascader, edit, make default and delete', async ({ page }) => {
  await signInAsNewMember(page);
  await openAddressBook(page);
  await expect(page.getByText('您还没有收货地址')).toBeVisible();
  await page.getByRole('button', { name: '新增收货地址' }).first().click();
  await openedDialog(page, '新增收货地址');

  // Empty form: each required field names itself.
  await modal(page).getByRole('button', { name: '保存' }).click();
  for (const text of ['收货人不能为空', '手机号不能为空', '请选择省份', '详细地址不能为空']) {
    await expect(modal(page).getByText(text)).toBeVisible();
  }

  // The first address: all four levels, a landline; it becomes the default (the checkbox says so).
  await modal(page).getByLabel('收货人').fill('林安心');
  await modal(page).getByLabel('手机号码').fill('13912345678');
  await modal(page).getByLabel('区号').fill('0755');
  await modal(page).getByLabel('电话号码').fill('86001234');
  await chooseRegion(page, ['广东省', '深圳市', '南山区', '粤海街道']);
  await expect(modal(page).locator('.ant-cascader')).toContainText('广东省 / 深圳市 / 南山区 / 粤海街道');
  await modal(page).getByLabel('详细地址').fill('科技南十二路2号');
  await modal(page).getByLabel('邮政编码').fill('518057');
  await expect(modal(page).getByLabel('设为默认地址')).toBeChecked();
  await expect(modal(page).getByLabel('设为默认地址')).toBeDisabled();
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  const first = cards(page).first();
  await expect(first).toContainText('广东省深圳市南山区粤海街道');
  await expect(first).toContainText('139****5678');
  await expect(first).toContainText('0755-****1234');
  await expect(first.getByText('默认地址')).toBeVisible();

  // A second one in a municipality, province + city + district only.
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await openedDialog(page, '新增收货地址');
  await modal(page).getByLabel('收货人').fill('Tom');
  await modal(page).getByLabel('手机号码').fill('13700001111');
  await chooseRegion(page, ['北京市', '市辖区', '东城区']);
  await closeCascader(page);
  await modal(page).getByLabel('详细地址').fill('东华门大街1号');
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(cards(page)).toHaveCount(2);
  const tom = cards(page).filter({ hasText: 'Tom' });
  await expect(tom).toContainText('北京市东城区');
  await expect(tom.getByText('默认地址')).toHaveCount(0);

  // Edit it: the masked phone comes back unchanged and is kept; a landline is added.
  await tom.getByRole('button', { name: '编辑' }).click();
  await openedDialog(page, '编辑收货地址');
  await expect(modal(page).getByLabel('手机号码')).toHaveValue('137****1111');
  await expect(modal(page).locator('.ant-cascader')).toContainText('北京市 / 市辖区 / 东城区');
  await expect(modal(page).getByLabel('设为默认地址')).toBeEnabled();
  await modal(page).getByLabel('收货人').fill('Jerry');
  await modal(page).getByLabel('区号').fill('010');
  await modal(page).getByLabel('电话号码').fill('62345678');
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  const jerry = cards(page).filter({ hasText: 'Jerry' });
  await expect(jerry).toContainText('137****1111');
  await expect(jerry).toContainText('010-****5678');

  // Make it the default: it moves to the top with the mark; editing it, the checkbox is locked.
  await jerry.getByRole('button', { name: '设为默认' }).click();
  await expect(cards(page).first()).toContainText('Jerry');
  await expect(cards(page).first().getByText('默认地址')).toBeVisible();
  await expect(cards(page).filter({ hasText: '林安心' }).getByText('默认地址')).toHaveCount(0);
  await cards(page).first().getByRole('button', { name: '编辑' }).click();
  // Once its zoom-in is over: a 取消 clicked during antd's animation is lost and the dialog stays open.
  await openedDialog(page, '编辑收货地址');
  await expect(modal(page).getByLabel('设为默认地址')).toBeDisabled();
  await modal(page).getByRole('button', { name: '取消' }).click();

  // Delete the default: the remaining address becomes the default.
  await cards(page).first().getByRole('button', { name: '删除' }).click();
  await (await openedPopconfirm(page)).getByRole('button', { name: '删除' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('林安心');
  await expect(cards(page).first().getByText('默认地址')).toBeVisible();

  await cards(page).first().getByRole('button', { name: '删除' }).click();
  await (await openedPopconfirm(page)).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('您还没有收货地址')).toBeVisible();
});

test('the 21st address is refused', async ({ page }) => {
  const { login } = await signInAsNewMember(page);
  const headers = { authorization: `Bearer ${login.access_token}` };
  for (let index = 0; index < 19; index += 1) {
    const reply = await page.request.post('/web-gateway/v2/deliveryAddresses', { headers, data: body() });
    expect(reply.status()).toBe(201);
  }
  await openAddressBook(page);
  await expect(cards(page)).toHaveCount(19);

  // The form is open when the 20th arrives from elsewhere: the server refuses this one.
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await modal(page).getByLabel('收货人').fill('第二十一');
  await modal(page).getByLabel('手机号码').fill('13912345678');
  await chooseRegion(page, ['广东省', '深圳市']);
  await closeCascader(page);
  await modal(page).getByLabel('详细地址').fill('深南大道2号');
  expect((await page.request.post('/web-gateway/v2/deliveryAddresses', { headers, data: body() })).status()).toBe(201);
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('最多只能创建20个收货地址')).toBeVisible();
  await modal(page).getByRole('button', { name: '取消' }).click();

  // With 20 listed the page says so before opening the form.
  await page.reload();
  await expect(page.getByTestId('address-count')).toContainText('已保存20个收货地址');
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await expect(page.getByText('最多只能创建20个收货地址').last()).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);
});

test('a 401 on save goes to sign in and back to the address book with the typed form', async ({ page }) => {
  const { login } = await signInAsNewMember(page);
  await openAddressBook(page);
  await page.getByRole('button', { name: '新增收货地址' }).first().click();
  await modal(page).getByLabel('收货人').fill('王小明');
  await modal(page).getByLabel('手机号码').fill('13600002222');
  await chooseRegion(page, ['浙江省', '杭州市', '西湖区', '北山街道']);
  await modal(page).getByLabel('详细地址').fill('北山街88号');

  // The session has ended on the server side meanwhile (here: a token the server refuses).
  await page.evaluate(() => localStorage.setItem('anxin.accessToken', 'expired-or-revoked'));
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/user\/login\?backurl=%2Fuser%2Fpersonal%2Faddress$/);

  // Signed in again (tokens placed as the login page would), the book opens with the form as it was.
  await page.evaluate((result) => {
    localStorage.setItem('anxin.accessToken', result.access_token);
    localStorage.setItem('anxin.refreshToken', result.refresh_token);
    localStorage.setItem('anxin.accessTokenExpiresAt', String(Date.now() + result.expires_in * 1000 - 60_000));
  }, login);
  await page
    .context()
    .addCookies([
      { name: 'anxin_member', value: '1', domain: new URL(page.url()).hostname, path: '/', sameSite: 'Lax' },
    ]);
  await page.goto('/user/personal/address');
  await expect(modal(page).getByLabel('收货人')).toHaveValue('王小明');
  await expect(modal(page).getByLabel('手机号码')).toHaveValue('13600002222');
  await expect(modal(page).getByLabel('详细地址')).toHaveValue('北山街88号');
  await expect(modal(page).locator('.ant-cascader')).toContainText('浙江省 / 杭州市 / 西湖区 / 北山街道');
  await modal(page).getByRole('button', { name: '保存' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('浙江省杭州市西湖区北山街道');
  await expect(cards(page).first()).toContainText('北山街88号');
});
