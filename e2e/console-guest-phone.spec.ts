import { uniquePhone } from './support/session.ts';
import { openConsoleAs } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// 代客下单 end to end (docs/CONSOLE.md, docs/GUEST-PAY.md): kefu_demo places an order for a phone in the console,
// the SMS carries the link, the guest opens it on a 375 px phone, confirms the phone, pays at the sandbox cashier,
// and the console's list of links then shows the link as 已支付.

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

test('kefu_demo makes a guest link in the console; the guest pays it on a phone; the list shows 已支付', async ({
  page,
  browser,
  baseURL,
}) => {
  const phone = uniquePhone();

  await openConsoleAs(page, 'kefu_demo', '/admin/guest-links');
  const form = page.getByRole('region', { name: '新建代客订单' });
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('收货人').fill('周安宁');
  await form.getByLabel('省').fill('广东省');
  await form.getByLabel('市', { exact: true }).fill('深圳市');
  await form.getByLabel('区/县').fill('南山区');
  await form.getByLabel('详细地址').fill('科技园路1号安心大厦');
  await form.getByLabel('商品编码 1').fill('1000101');
  await form.getByRole('radio', { name: '在线支付' }).check();
  await form.getByRole('button', { name: '下单并发送支付链接' }).click();
  const placed = page.getByText(/订单 AX\d{16} 已下单，支付链接已发送至/);
  await expect(placed).toBeVisible();
  const ordersCode = /AX\d{16}/.exec((await placed.textContent()) ?? '')?.[0] ?? '';
  const row = page.getByRole('row').filter({ hasText: ordersCode });
  await expect(row).toContainText('已发送');

  // The link as the phone received it.
  const outbox = (await (await page.request.get(`/web-gateway/dev/sms-outbox?phone=${phone}`)).json()) as {
    content: string;
  }[];
  const sms = outbox.find((message) => message.content.includes(ordersCode));
  const link = /https?:\/\/\S+\/payJianke\/entry\?key=[\w-]+/.exec(sms?.content ?? '')?.[0] ?? '';
  expect(link, sms?.content).not.toBe('');
  const { pathname, search } = new URL(link);

  const phoneContext = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID_CHROME,
  });
  const guest = await phoneContext.newPage();
  await guest.goto(`${pathname}${search}`);
  await expect(guest).toHaveURL(`/m${pathname}${search}`);
  await expect(guest.getByRole('heading', { name: '确认下单手机号' })).toBeVisible();
  await guest.getByLabel('手机号第4位').click();
  await guest.keyboard.type(phone.slice(3, 7));
  await guest.getByRole('checkbox').check();
  await guest.getByRole('button', { name: '注册并查看订单' }).click();

  const key = new URLSearchParams(search).get('key');
  const payPage = `/m/payJianke/messagePayment?key=${key}&consigneePhone=${phone}`;
  await expect(guest).toHaveURL(payPage);
  await expect(guest.getByTestId('guest-consignee')).toHaveText('周安宁');
  // At 375 px nothing scrolls sideways.
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await guest.getByRole('button', { name: '立即支付' }).click();
  await expect(guest).toHaveURL(/\/sandbox\/cashier\/[0-9a-f-]{36}$/);
  await guest.getByRole('button', { name: /微信支付/ }).click();
  await guest.getByRole('button', { name: '支付成功' }).click();
  await expect(guest).toHaveURL(payPage);
  await expect(guest.getByTestId('guest-paid')).toContainText('订单已支付');
  await phoneContext.close();

  // The console's list, searched by the phone, shows the link paid (nothing left to end).
  await page.getByRole('region', { name: '支付链接' }).getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(row).toContainText('已支付');
  await expect(row.getByRole('button', { name: `结束订单${ordersCode}的支付链接` })).toHaveCount(0);
});
