import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/common/messages.ts';
import { INQUIRY_QUESTIONS } from '../packages/shared/src/inquiry/inquiry.rules.ts';
import { openedDialog } from './support/dialog.ts';
import { bearer, submittedRxOrderByApi } from './support/inquiry.ts';
import { signInAsNewMember, uniquePhone } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { openConsoleAs, staffBearer, staffToken } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// The operator console (docs/CONSOLE.md): the demo staff sign in at /admin/login, each sees the menu of their
// roles, and the member sees on the order what the pharmacist and the warehouse did in the console.

/** A tab of its own for the staff member: the console keeps its token per tab (sessionStorage). */
async function consoleTab(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const menu = (page: Page) => page.getByRole('navigation', { name: '后台菜单' });
/** The menu shows exactly these entries. */
const expectMenu = (page: Page, labels: string[]) => expect(menu(page).getByRole('menuitem')).toHaveText(labels);

/**
 * A cash-on-delivery order of an OTC product placed by a new member: it waits for the warehouse at once.
 * Answers the member's page, token and the order code.
 */
async function orderWaitingForShipment(page: Page) {
  const { login } = await signInAsNewMember(page);
  const { id: addressId } = await createAddressByApi(page.request, login.access_token);
  const { ordersCode, orderType } = await placeOrderByApi(page.request, login.access_token, {
    addressId,
    skuCode: '3000101',
    paymentType: 1,
  });
  expect(orderType).toBe('waitDelivery');
  return { token: login.access_token, ordersCode };
}

test('yaoshi_demo signs in with the demo code and passes a prescription; the member sees 审核通过', async ({
  page,
  browser,
  baseURL,
}) => {
  const { login } = await signInAsNewMember(page);
  const ordersCode = await submittedRxOrderByApi(page.request, login.access_token);

  // A console page without a sign-in goes to the sign-in page and comes back after it.
  const staff = await consoleTab(browser, baseURL);
  await staff.goto('/admin/rx');
  await expect(staff).toHaveURL('/admin/login?back=%2Fadmin%2Frx');
  const demo = staff.getByRole('region', { name: '演示账号' });
  await demo.getByRole('button', { name: /yaoshi_demo/ }).click();
  await expect(staff.getByLabel('登录名')).toHaveValue('yaoshi_demo');
  await expect(staff.getByLabel('密码', { exact: true })).toHaveValue('Demo@2026');
  await staff.getByRole('button', { name: '下一步' }).click();

  // The second step: the authenticator's six digits, typed on a phone's number pad; the demo list fills them.
  const code = staff.getByRole('textbox', { name: '动态验证码' });
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toBeFocused();
  await staff.getByRole('button', { name: '登录', exact: true }).click();
  await expect(staff.getByText(MSG.staffTotpCodeInvalid)).toBeVisible();
  await demo.getByRole('button', { name: /yaoshi_demo/ }).click();
  // The click fills the demo code shown then; comparing it with one fetched now would race the 30 s step.
  // The sign-in that follows is the proof that it was the right code.
  await expect(code).toHaveValue(/^\d{6}$/);
  await staff.getByRole('button', { name: '登录', exact: true }).click();
  await expect(staff).toHaveURL('/admin/rx');
  await expect(staff.locator('.console-header')).toContainText('王药师');
  // Among the pharmacist's entries (each area checks its own beside its pages: features/console/*/pages.test.ts).
  for (const label of ['工作台', '处方审核', '订单']) {
    await expect(menu(staff).getByRole('menuitem', { name: label })).toBeVisible();
  }

  // The queue, oldest first, with the waiting time; the order opens its review screen.
  const row = staff.getByRole('row').filter({ hasText: ordersCode });
  await expect(row).toContainText('周安宁');
  await expect(row).toContainText('阿莫西林胶囊');
  await expect(row).toContainText(/分钟/);
  await row.getByRole('link', { name: `审核订单${ordersCode}` }).click();
  await expect(staff).toHaveURL(`/admin/rx/${ordersCode}`);
  await expect(staff.getByRole('heading', { name: `订单 ${ordersCode}` })).toBeVisible();
  const patient = staff.getByRole('region', { name: '用药人' });
  await expect(patient).toContainText('周安宁');
  await expect(patient).toContainText('男');
  // The ID number masked: its region's first digits and the last four only.
  await expect(patient).toContainText(/110\*{11}\d{3}[\dX]/);
  await expect(patient).not.toContainText('19850309');
  await expect(staff.getByRole('region', { name: '诊断' })).toContainText('急性咽炎');
  await expect(staff.getByRole('region', { name: '诊断' }).getByLabel('ICD-10 J02.9')).toBeVisible();
  for (const item of INQUIRY_QUESTIONS) {
    await expect(staff.getByRole('region', { name: '问诊回答' })).toContainText(item.question);
  }
  await expect(staff.getByRole('region', { name: '药品' })).toContainText('阿莫西林胶囊');
  await expect(staff.getByRole('region', { name: /既往处方/ })).toBeVisible();

  // 通过, after the question: back to the queue, which no longer holds the order.
  await staff.getByRole('button', { name: '通过' }).click();
  const dialog = await openedDialog(staff, '确认审核通过？');
  await dialog.getByRole('button', { name: '通过' }).click();
  await expect(staff.getByText('处方已审核通过')).toBeVisible();
  await expect(staff).toHaveURL('/admin/rx');
  await expect(staff.getByRole('row').filter({ hasText: ordersCode })).toHaveCount(0);

  // The member sees the verdict and who gave it.
  await page.goto(`/user/order/detail/${ordersCode}`);
  const progress = page.getByTestId('prescription-progress');
  await expect(progress).toContainText('审核通过');
  await expect(progress).toContainText('王药师');

  // 退出 ends the console's session in this tab.
  await staff.getByRole('button', { name: '退出登录' }).click();
  await expect(staff).toHaveURL('/admin/login');
  await staff.goto('/admin/rx');
  await expect(staff).toHaveURL('/admin/login?back=%2Fadmin%2Frx');
  await staff.context().close();
});

test('the pharmacist rejects with a listed reason and a note; the member sees 未通过 with both', async ({
  page,
  browser,
  baseURL,
}) => {
  const { login } = await signInAsNewMember(page);
  const ordersCode = await submittedRxOrderByApi(page.request, login.access_token);

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yaoshi_demo', `/admin/rx/${ordersCode}`);
  await staff.getByRole('button', { name: '驳回' }).click();
  // A rejection needs its reason.
  await staff.getByRole('button', { name: '确认驳回' }).click();
  await expect(staff.getByText(MSG.rxRejectReasonRequired)).toBeVisible();
  await staff.getByRole('radio', { name: '诊断与所购药品不符' }).check();
  await staff.getByLabel(/补充说明/).fill('请补充近期就诊记录');
  await staff.getByRole('button', { name: '确认驳回' }).click();
  await expect(staff.getByText('处方已驳回')).toBeVisible();
  await expect(staff).toHaveURL('/admin/rx');

  // Decided once: the order's screen now says who rejected it and why, and offers no verdict.
  await staff.goto(`/admin/rx/${ordersCode}`);
  const verdict = staff.getByRole('region', { name: '审核结果' });
  await expect(verdict).toContainText('未通过');
  await expect(verdict).toContainText('王药师');
  await expect(verdict).toContainText('诊断与所购药品不符：请补充近期就诊记录');
  await expect(staff.getByRole('button', { name: '通过' })).toHaveCount(0);
  await staff.context().close();

  await page.goto(`/user/order/detail/${ordersCode}`);
  const progress = page.getByTestId('prescription-progress');
  await expect(progress.locator('.ant-steps-item-error')).toContainText('未通过');
  await expect(progress).toContainText('诊断与所购药品不符：请补充近期就诊记录');
  await expect(page.getByTestId('order-detail-status')).toHaveText('已取消');
});

test('cangku_demo finds an order, ships it and adds a logistics entry; the member sees 待收货 with the waybill', async ({
  page,
  browser,
  baseURL,
}) => {
  const { ordersCode } = await orderWaitingForShipment(page);
  const waybill = `SF${Date.now()}`;

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'cangku_demo', '/admin/orders');
  await expectMenu(staff, ['工作台', '订单']);
  await staff.getByLabel('订单号').fill(ordersCode);
  await staff.getByRole('button', { name: '搜索' }).click();
  await expect(staff).toHaveURL(`/admin/orders?code=${ordersCode}`);
  const row = staff.getByRole('row').filter({ hasText: ordersCode });
  await expect(row).toContainText('待发货');
  await row.getByRole('link', { name: ordersCode }).click();
  await expect(staff).toHaveURL(`/admin/orders/${ordersCode}`);

  // The warehouse ships; a refund is not its to make.
  await expect(staff.getByRole('button', { name: '退款' })).toHaveCount(0);
  await staff.getByRole('button', { name: '发货' }).click();
  const ship = await openedDialog(staff, '确认发货');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(ship.getByText(MSG.consoleWaybillInvalid)).toBeVisible();
  await ship.getByLabel('快递公司').fill('顺丰速运');
  await ship.getByLabel('运单号').fill(waybill);
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(staff.getByText('已发货')).toBeVisible();
  await expect(staff.getByRole('heading', { name: `订单 ${ordersCode}` }).locator('..')).toContainText('待收货');
  await expect(staff.getByRole('region', { name: '物流信息' })).toContainText(waybill);

  await staff.getByRole('button', { name: '追加物流' }).click();
  const logistics = await openedDialog(staff, '追加物流信息');
  await logistics.getByLabel('物流信息').fill('【深圳市】快件已到达 深圳南山集散中心');
  await logistics.getByRole('button', { name: '追加' }).click();
  await expect(staff.getByText('已追加物流信息')).toBeVisible();
  await expect(staff.getByRole('region', { name: '物流信息' })).toContainText('深圳南山集散中心');
  await expect(staff.getByRole('region', { name: '订单时间线' })).toContainText('操作人：cangku_demo');
  await staff.context().close();

  await page.goto(`/user/order/detail/${ordersCode}`);
  await expect(page.getByTestId('order-detail-status')).toHaveText('待收货');
  await expect(page.getByText('承运公司：顺丰速运')).toBeVisible();
  await expect(page.getByText(`运单号：${waybill}`)).toBeVisible();
  await expect(page.getByTestId('logistics-timeline').getByTestId('logistics-entry').first()).toContainText(
    '深圳南山集散中心',
  );
});

test('admin_demo sees the pharmacist’s, the warehouse’s and customer service’s acts in 操作日志 and exports them as CSV', async ({
  page,
  browser,
  baseURL,
}) => {
  // A pass and a rejection by the pharmacist, a shipment by the warehouse, each through the console's API.
  const { login } = await signInAsNewMember(page);
  const pharmacist = staffBearer(await staffToken(page.request, 'yaoshi_demo'));
  const passedCode = await submittedRxOrderByApi(page.request, login.access_token);
  const passed = await page.request.post(`/web-gateway/admin/inquiries/${passedCode}/audit`, {
    headers: pharmacist,
    data: { verdict: 'pass' },
  });
  expect(passed.status(), await passed.text()).toBe(200);
  // Another member: the helper adds the same medication user, whom a member may have only once.
  const other = await signInAsNewMember(page);
  const rejectedCode = await submittedRxOrderByApi(page.request, other.login.access_token);
  const rejected = await page.request.post(`/web-gateway/admin/inquiries/${rejectedCode}/audit`, {
    headers: pharmacist,
    data: { verdict: 'reject', reason: '处方图片不清晰' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  const { ordersCode: shippedCode } = await orderWaitingForShipment(page);
  const waybill = `YT${Date.now()}`;
  const shipped = await page.request.post(`/web-gateway/admin/orders/${shippedCode}/ship`, {
    headers: staffBearer(await staffToken(page.request, 'cangku_demo')),
    data: { carrier: '圆通速递', waybill },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const guestOrder = await page.request.post('/web-gateway/admin/guest-orders', {
    headers: staffBearer(await staffToken(page.request, 'kefu_demo')),
    data: {
      phone: uniquePhone(),
      items: [{ productCode: '1000101', quantity: 1 }],
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园路1号',
      consignee: '周安宁',
      payment: 'online',
    },
  });
  expect(guestOrder.status(), await guestOrder.text()).toBe(201);
  const { ordersCode: guestCode } = (await guestOrder.json()) as { ordersCode: string };

  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'admin_demo', '/admin');
  await menu(staff).getByRole('menuitem', { name: '操作日志' }).click();
  await expect(staff).toHaveURL('/admin/audit-log');

  /** The log's rows of one order, searched by its code. */
  const rowsOf = async (ordersCode: string) => {
    await staff.getByLabel('对象').fill(ordersCode);
    await staff.getByRole('button', { name: '搜索' }).click();
    await expect(staff).toHaveURL(`/admin/audit-log?object=${ordersCode}`);
    return staff.getByRole('row').filter({ hasText: ordersCode });
  };
  const passRow = (await rowsOf(passedCode)).filter({ hasText: '处方审核通过' });
  await expect(passRow).toContainText('yaoshi_demo');
  await expect(passRow).toContainText('药师');
  const rejectRow = (await rowsOf(rejectedCode)).filter({ hasText: '处方审核驳回' });
  await expect(rejectRow).toContainText('yaoshi_demo');
  await expect(rejectRow).toContainText('处方图片不清晰');
  const shipRow = (await rowsOf(shippedCode)).filter({ hasText: '订单发货' });
  await expect(shipRow).toContainText('cangku_demo');
  await expect(shipRow).toContainText('仓库');
  await expect(shipRow).toContainText(waybill);
  // The object opens the order's page.
  await shipRow.getByRole('link', { name: `订单 ${shippedCode}` }).click();
  await expect(staff).toHaveURL(`/admin/orders/${shippedCode}`);
  await staff.goBack();

  // The CSV holds the search's rows (a spreadsheet reads its BOM as UTF-8).
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: '导出CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(shippedCode);
  expect(csv).toContain('cangku_demo');
  expect(csv).not.toContain(passedCode);

  // Customer service's guest link, placed for a phone.
  const guestRow = (await rowsOf(guestCode)).filter({ hasText: '代客下单' });
  await expect(guestRow).toContainText('kefu_demo');
  await expect(guestRow).toContainText('客服');
  await staff.context().close();
});

test('kefu_demo places an order for a phone in 代客下单: the SMS carries the link, listed as 已发送, then ended', async ({
  page,
  browser,
  baseURL,
}) => {
  const phone = uniquePhone();
  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'kefu_demo', '/admin');
  await menu(staff).getByRole('menuitem', { name: '代客下单' }).click();
  await expect(staff).toHaveURL('/admin/guest-links');

  // Every field is checked with the server's rules before anything is sent.
  const order = staff.getByRole('region', { name: '新建代客订单' });
  await order.getByRole('button', { name: '下单并发送支付链接' }).click();
  await expect(order.getByText(MSG.phoneEmpty)).toBeVisible();
  await expect(order.getByText(MSG.productCodeMalformed)).toBeVisible();

  await order.getByLabel('手机号').fill(phone);
  await order.getByLabel('收货人').fill('周安宁');
  await order.getByLabel('省').fill('广东省');
  await order.getByLabel('市').fill('深圳市');
  await order.getByLabel('区/县').fill('南山区');
  await order.getByLabel('详细地址').fill('科技园路1号');
  await order.getByLabel('商品编码 1').fill('1000101');
  await order.getByRole('spinbutton', { name: '数量' }).fill('2');
  await order.getByRole('button', { name: '下单并发送支付链接' }).click();
  await expect(staff.getByText(/已下单，支付链接已发送至/)).toBeVisible();

  const outbox = (await (await page.request.get(`/web-gateway/dev/sms-outbox?phone=${phone}`)).json()) as {
    content: string;
  }[];
  expect(outbox.some((sms) => sms.content.includes('/payJianke/entry?key='))).toBe(true);

  // By the masked phone: another journey's link for 周安宁 may be listed above this one's.
  const row = staff.getByRole('row').filter({ hasText: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
  await expect(row).toContainText('周安宁');
  await expect(row).toContainText('已发送');
  await row.getByRole('button', { name: /^结束订单/ }).click();
  const dialog = await openedDialog(staff, '结束支付链接？');
  await dialog.getByRole('button', { name: '结束链接' }).click();
  await expect(staff.getByText('支付链接已结束')).toBeVisible();
  await expect(row).toContainText('已结束');
  await expect(row.getByRole('button', { name: /^结束订单/ })).toHaveCount(0);
  await staff.context().close();
});

test('工作台 shows today’s figures and the 30-day chart; a figure opens its list where the role has one', async ({
  page,
  browser,
  baseURL,
}) => {
  const { login } = await signInAsNewMember(page);
  await submittedRxOrderByApi(page.request, login.access_token);
  const staff = await consoleTab(browser, baseURL);
  await openConsoleAs(staff, 'yaoshi_demo', '/admin');
  const figures = staff.getByRole('list', { name: '今日概况' });
  for (const label of ['今日订单', '待审核处方', '审核等待中位数', '进行中的代客下单链接', '待发货']) {
    await expect(figures).toContainText(label);
  }
  const waiting = figures.getByRole('link', { name: /待审核处方/ });
  await expect(waiting).toHaveText(/待审核处方[1-9]\d*/);
  const chart = staff.getByRole('figure', { name: /近30天共\d+单，处方审核\d+次/ });
  await expect(chart.locator('svg.recharts-surface[role="application"]')).toBeVisible();
  await expect(chart).toContainText('处方审核');
  await waiting.click();
  await expect(staff).toHaveURL('/admin/rx');

  // The warehouse sees the same figures, the review queue's not as a way into a page it may not open.
  await openConsoleAs(staff, 'cangku_demo', '/admin');
  await expect(figures).toContainText('待审核处方');
  await expect(figures.getByRole('link', { name: /待审核处方/ })).toHaveCount(0);
  await expect(figures.getByRole('link', { name: /待发货/ })).toBeVisible();
  await staff.context().close();
});

test('console and member sessions stay apart; a role opens only its own pages', async ({ page, browser, baseURL }) => {
  const { login } = await signInAsNewMember(page);
  // A member token opens no console data, a staff token no member data.
  for (const path of ['/web-gateway/admin/me', '/web-gateway/admin/inquiries', '/web-gateway/admin/orders']) {
    const reply = await page.request.get(path, { headers: bearer(login.access_token) });
    expect(reply.status(), path).toBe(401);
  }
  const warehouse = await staffToken(page.request, 'cangku_demo');
  expect((await page.request.get('/web-gateway/v2/member/vo', { headers: staffBearer(warehouse) })).status()).toBe(401);

  // In the console, a member's token where the staff token goes leads back to the sign-in page.
  const staff = await consoleTab(browser, baseURL);
  await staff.goto('/admin/login');
  await staff.evaluate((token) => {
    sessionStorage.setItem('anxin.staffToken', token);
    sessionStorage.setItem('anxin.staffTokenExpiresAt', String(Date.now() + 3_600_000));
  }, login.access_token);
  await staff.goto('/admin/orders');
  await expect(staff).toHaveURL('/admin/login?back=%2Fadmin%2Forders');

  // The warehouse may not review prescriptions: the server says 403, the page says so instead of a broken one.
  const queue = await page.request.get('/web-gateway/admin/inquiries', { headers: staffBearer(warehouse) });
  expect(queue.status()).toBe(403);
  expect((await queue.json()).message).toBe(MSG.staffForbidden);
  await openConsoleAs(staff, 'cangku_demo', '/admin/rx');
  await expect(staff.getByText('无权访问该页面')).toBeVisible();
  await expect(menu(staff).getByRole('menuitem', { name: '处方审核' })).toHaveCount(0);
  await staff.context().close();
});

test('on a 375 px phone the menu is a drawer, lists are cards, nothing scrolls sideways and targets are 44 px', async ({
  page,
  browser,
  baseURL,
}) => {
  const { login } = await signInAsNewMember(page);
  const ordersCode = await submittedRxOrderByApi(page.request, login.access_token);
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  const scrollWidth = () => phone.evaluate(() => document.documentElement.scrollWidth);

  await phone.goto('/admin/login');
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  for (const field of [phone.getByLabel('登录名'), phone.getByRole('button', { name: '下一步' })]) {
    expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  await openConsoleAs(phone, 'yaoshi_demo', '/admin');
  await expect(menu(phone)).toHaveCount(0);
  const opener = phone.getByRole('button', { name: '打开菜单' });
  expect((await opener.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await opener.click();
  await menu(phone).getByRole('menuitem', { name: '处方审核' }).click();
  await expect(phone).toHaveURL('/admin/rx');
  await expect(menu(phone)).toBeHidden();

  // The queue as cards, not a table.
  await expect(phone.getByRole('table')).toHaveCount(0);
  const card = phone.getByRole('link').filter({ hasText: ordersCode });
  await expect(card).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  await card.click();
  await expect(phone).toHaveURL(`/admin/rx/${ordersCode}`);
  await expect(phone.getByRole('region', { name: '诊断' })).toContainText('急性咽炎');
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  for (const name of ['通过', '驳回']) {
    expect((await phone.getByRole('button', { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  // The focus shows where it is.
  await phone.getByRole('button', { name: '驳回' }).focus();
  await phone.keyboard.press('Tab');
  const outline = await phone.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');

  await phone.goto('/admin/orders');
  await expect(phone.getByRole('table')).toHaveCount(0);
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  await context.close();
});
