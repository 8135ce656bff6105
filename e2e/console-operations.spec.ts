import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signInAsNewMember, uniquePhone } from './support/session.ts';
import { openConsoleAs, staffBearer, staffToken } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// 营销's operations pages of the console (docs/CONSOLE.md): yunying_demo changes the mall configuration and the
// member site shows it, approves an open-store application the member then sees approved, restocks a product
// a member waits for and sees how many SMS went; kefu_demo sees that reservation in 预约登记.

const PHOTO = readFileSync(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));
/** A product no other journey and no demo reservation looks at; the journey takes it out of stock first. */
const AWAITED = { code: '3000106', name: '青禾 医用脱脂棉签' };

async function consoleTab(browser: Browser, baseURL: string | undefined, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width, height: 900 } });
  return context.newPage();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The freight text back to its default, whatever a run left (PUT with null). */
async function freightBackToDefault(request: APIRequestContext) {
  const token = await staffToken(request, 'yunying_demo');
  const reply = await request.put('/web-gateway/admin/mall-config', {
    headers: staffBearer(token),
    data: { freight: null },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

test('yunying_demo changes the freight text in 商城配置: the product page shows it, 恢复默认 brings the default back', async ({
  page,
  browser,
  baseURL,
}) => {
  // Other journeys run on this server at the same time: the freight text is a value none of them looks at.
  await freightBackToDefault(page.request);
  try {
    const staff = await consoleTab(browser, baseURL);
    await openConsoleAs(staff, 'yunying_demo', '/admin');
    await staff.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem', { name: '商城配置' }).click();
    await expect(staff).toHaveURL('/admin/mall-config');

    const freight = staff.getByLabel('运费规则');
    await expect(freight).toHaveValue('满{threshold}元包邮');
    await expect(staff.getByText('默认：满{threshold}元包邮')).toBeVisible();
    // A value the server would refuse is refused on the page with the field's message, nothing sent.
    await staff.getByLabel('加载等待（毫秒）').fill('20000');
    await expect(staff.getByText('加载等待（毫秒）须为0-10000之间的整数')).toBeVisible();
    await staff.getByRole('button', { name: '加载等待（毫秒）恢复默认' }).click();
    await expect(staff.getByLabel('加载等待（毫秒）')).toHaveValue('300');

    await freight.fill('全场满{threshold}元免运费');
    await expect(staff.getByText('有 1 项修改未保存')).toBeVisible();
    await staff.getByRole('button', { name: '保存修改' }).click();
    await expect(staff.getByText('已保存 1 项配置，商城页面刷新后生效')).toBeVisible();

    await page.goto('/product/1000101');
    await expect(page.locator('.shop-product__freight')).toHaveText('全场满99元免运费');

    await staff.getByRole('button', { name: '运费规则恢复默认' }).click();
    await expect(freight).toHaveValue('满{threshold}元包邮');
    await staff.getByRole('button', { name: '保存修改' }).click();
    // The first save's message may still be showing.
    await expect(staff.getByText('已保存 1 项配置，商城页面刷新后生效')).not.toHaveCount(0);
    await expect(staff.getByText('修改后点击“保存修改”生效，商城页面刷新后可见')).toBeVisible();
    await page.reload();
    await expect(page.locator('.shop-product__freight')).toHaveText('满99元包邮');
  } finally {
    await freightBackToDefault(page.request);
  }
});

test('a pharmacy applies on the member site; yunying_demo approves it in 商家入驻 and the applicant sees 已通过', async ({
  page,
  browser,
  baseURL,
}) => {
  const { login } = await signInAsNewMember(page);
  const member = bearer(login.access_token);
  const upload = async () => {
    const reply = await page.request.post('/web-gateway/v2/upload?module=private', {
      headers: member,
      multipart: { file: { name: '执照.png', mimeType: 'image/png', buffer: PHOTO } },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    return ((await reply.json()) as { url: string }).url;
  };
  const company = `安心运营${Date.now() % 1_000_000}大药房有限公司`;
  const applied = await page.request.post('/web-gateway/v2/merchants/entry', {
    headers: member,
    data: {
      companyName: company,
      creditCode: '91350100M000100Y43',
      drugLicenceNo: '粤AA7550001',
      contactName: '王经理',
      contactPhone: '13912345678',
      businessLicenceImage: await upload(),
      drugLicenceImage: await upload(),
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yunying_demo', '/admin/merchants');
  await expect(staff.getByRole('radio', { name: '审核中' })).toBeChecked();
  await staff.getByRole('link', { name: `查看${company}的入驻申请` }).click();
  await expect(staff.getByRole('heading', { name: company })).toBeVisible();
  await expect(staff.getByText('13912345678')).toBeVisible();
  await expect(staff.getByRole('img', { name: `${company}的营业执照` })).toBeVisible();
  // A rejection needs its reason.
  await staff.getByRole('button', { name: '驳回' }).click();
  await expect(staff.getByText('请填写驳回原因')).toBeVisible();
  await staff.getByRole('button', { name: '通过' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '通过' }).click();
  await expect(staff.getByText('已通过入驻申请')).toBeVisible();
  await expect(staff.locator('.card__header').getByText('已通过')).toBeVisible();
  await expect(staff.getByRole('button', { name: '驳回' })).toHaveCount(0);

  await page.goto('/merchants/entry');
  await expect(page.getByTestId('merchant-entry-status')).toHaveText('入驻申请已通过');
});

test('yunying_demo restocks a product a member waits for and sees 已发送 1 条短信; kefu_demo sees the reservation arrived', async ({
  page,
  browser,
  baseURL,
}) => {
  // A retried run finds the product restocked by the first try: out of stock again first.
  const operations = staffBearer(await staffToken(page.request, 'yunying_demo'));
  const stockout = await page.request.post(`/web-gateway/admin/stock/${AWAITED.code}/stockout`, {
    headers: operations,
    data: {},
  });
  expect(stockout.status(), await stockout.text()).toBe(200);
  const { login } = await signInAsNewMember(page);
  const contact = uniquePhone();
  const booked = await page.request.post('/web-gateway/details/rest/book', {
    headers: bearer(login.access_token),
    data: { productCode: AWAITED.code, contactMsg: contact, registerType: 1 },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yunying_demo', `/admin/stock?q=${AWAITED.code}`);
  const row = staff.getByRole('row').filter({ hasText: AWAITED.name });
  await expect(row).toContainText('缺货');
  await expect(row).toContainText('1 人等待');
  await row.getByRole('button', { name: `${AWAITED.name}到货` }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '确认到货' }).click();
  await expect(staff.getByRole('status').filter({ hasText: '已发送 1 条短信' })).toContainText(
    `${AWAITED.name} 已到货，已发送 1 条短信`,
  );
  await expect(row).toContainText('有货');
  await expect(row).toContainText('无');
  const texts = await page.request.get(`/web-gateway/dev/sms-outbox?phone=${contact}`);
  expect(
    ((await texts.json()) as { content: string }[]).filter((text) => text.content.includes('已到货')),
  ).toHaveLength(1);

  // 客服 on a phone: the reservations as cards, the phone masked.
  const service = await consoleTab(browser, baseURL, 375);
  await openConsoleAs(service, 'kefu_demo', `/admin/reservations?phone=${contact}`);
  const card = service.getByRole('list', { name: '到货登记' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(AWAITED.name);
  await expect(card).toContainText(`${contact.slice(0, 3)}****${contact.slice(7)}`);
  await expect(card).toContainText('已到货');
  expect(await service.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
