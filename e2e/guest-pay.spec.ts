import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { PRESCRIPTION_NOTICE } from '../packages/shared/src/catalogue/catalogue.ts';
import { MSG } from '../packages/shared/src/common/messages.ts';
import { GUEST_PAY_MSG } from '../packages/shared/src/guest-pay/guest-pay.contract.ts';
import { INQUIRY_LEAD } from '../packages/shared/src/inquiry/inquiry.rules.ts';
import { openedDialog } from './support/dialog.ts';
import {
  askedWhilePartHeld,
  collectPageErrors,
  contextWithoutScript,
  partsAskedBeforeFirstPaint,
} from './support/first-load.ts';
import { AMOXICILLIN, idCard } from './support/inquiry.ts';
import { runOps } from './support/ops.ts';
import { type LoginResult, latestSmsCode, placeTokensInPage, uniquePhone } from './support/session.ts';
import { expect, test } from './support/test.ts';

// The guest payment link (docs/GUEST-PAY.md): customer service places an order for a phone
// (npm run ops -- guest-order), the SMS carries /payJianke/entry?key=…; the shopper completes the phone's middle
// digits, registers or signs in, does the inquiry of a prescription order, and pays at the sandbox cashier.
// Each journey runs on a desktop and on a 375 × 667 touch phone (an Android browser: the entry page sends it to
// the /m/ pages). E2E_SHOTS=<dir> saves every page at 1280 (desktop) and 375 px (phone) there.

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ADDRESS = ['--address', '广东省', '深圳市', '南山区', '科技园路1号安心大厦'];

type Device = { name: 'desktop' | 'phone'; prefix: '' | '/m' };
const DEVICES: { device: Device; use: Parameters<typeof test.use>[0] }[] = [
  { device: { name: 'desktop', prefix: '' }, use: {} },
  {
    device: { name: 'phone', prefix: '/m' },
    use: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, userAgent: ANDROID_CHROME },
  },
];

async function shoot(page: Page, device: Device, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/guest-${name}-${device.name === 'desktop' ? 1280 : 375}.png`, fullPage: true });
}

/** On the phone: nothing scrolls sideways, text fields keep 16 px type, buttons are at least 44 px tall. */
async function expectPhoneLayout(page: Page, device: Device) {
  if (device.name !== 'phone') return;
  const layout = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    innerWidth: window.innerWidth,
    fontSizes: Array.from(
      document.querySelectorAll<HTMLInputElement>(
        '.guest-pay input:not([type=checkbox]):not([type=radio]):not([type=file])',
      ),
    ).map((field) => Number.parseFloat(getComputedStyle(field).fontSize)),
    smallButtons: Array.from(document.querySelectorAll<HTMLElement>('.guest-pay button'))
      .filter(
        (button) => getComputedStyle(button).visibility !== 'hidden' && button.getBoundingClientRect().height < 44,
      )
      .map((button) => `${button.className} ${button.textContent}`),
  }));
  expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
  for (const size of layout.fontSizes) expect(size).toBeGreaterThanOrEqual(16);
  expect(layout.smallButtons).toEqual([]);
}

/**
 * On the phone, every link of the page stays in pages that fit it: the /m/ flow, or a call to the hotline (the
 * site's pages keep a 1240 px layout).
 */
async function expectLinksFitPhone(page: Page, device: Device) {
  if (device.name !== 'phone') return;
  const hrefs = await page
    .locator('.guest-pay a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !href.startsWith('tel:') && !href.startsWith('/m/'))).toEqual([]);
}

/** The operator's command: an order for `phone`, the SMS with the link; answers the link's path and query. */
async function guestOrder(request: APIRequestContext, phone: string, products: string, payment = 'online') {
  const placed = await runOps('guest-order', phone, products, ...ADDRESS, '--name', '周安宁', '--payment', payment);
  expect(placed.exitCode, placed.stderr + placed.stdout).toBe(0);
  const url = new URL(placed.stdout.trim().split('\n').at(-1) ?? '');
  expect(url.pathname).toBe('/payJianke/entry');
  const outbox = (await (await request.get(`/web-gateway/dev/sms-outbox?phone=${phone}`)).json()) as {
    content: string;
  }[];
  expect(outbox.some((sms) => sms.content.includes(url.href))).toBe(true);
  const ordersCode = /AX\d{16}/.exec(placed.stdout)?.[0] ?? '';
  return { path: `${url.pathname}${url.search}`, key: url.searchParams.get('key') ?? '', ordersCode };
}

/** Types the phone's 4 middle digits into the boxes, one key at a time. */
async function typeMiddleDigits(page: Page, phone: string) {
  await page.getByLabel('手机号第4位').click();
  await page.keyboard.type(phone.slice(3, 7));
}

/**
 * Pays at the sandbox cashier, which then returns to the flow's pay page on the device the guest paid from (the
 * /m/ page on the phone), where the order shows as paid.
 */
async function payAtCashier(page: Page, paidPage: string) {
  await expect(page).toHaveURL(/\/sandbox\/cashier\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: /微信支付/ }).click();
  await page.getByRole('button', { name: '支付成功' }).click();
  await expect(page.locator('.ant-result-title')).toHaveText('支付成功');
  await expect(page).toHaveURL(paidPage);
  await expect(page.getByTestId('guest-paid')).toContainText('订单已支付');
}

for (const { device, use } of DEVICES) {
  test.describe(`guest payment link on the ${device.name}`, () => {
    test.use(use);

    test('an unregistered phone registers, does the inquiry and pays', async ({ page }) => {
      const phone = uniquePhone();
      const link = await guestOrder(page.request, phone, `${AMOXICILLIN},1000101,1000201:2,1000301`);

      await page.goto(link.path);
      await expect(page).toHaveURL(`${device.prefix}${link.path}`);
      await expect(page.getByRole('heading', { name: '确认下单手机号' })).toBeVisible();
      await expect(page.locator('.middle-digits')).toContainText(phone.slice(0, 3));
      await expect(page.locator('.middle-digits')).toContainText(phone.slice(-4));
      await shoot(page, device, 'entry');
      await expectPhoneLayout(page, device);

      // Incomplete digits and no agreement: both said, nothing sent.
      await page.getByLabel('手机号第4位').fill('1');
      await page.getByRole('button', { name: '注册并查看订单' }).click();
      await expect(page.getByText(GUEST_PAY_MSG.phoneIncomplete)).toBeVisible();
      await expect(page.getByText(GUEST_PAY_MSG.agreementRequired)).toBeVisible();
      // Backspace goes back across the boxes; then the right digits.
      await page.getByLabel('手机号第5位').press('Backspace');
      await expect(page.getByLabel('手机号第4位')).toHaveValue('');
      await typeMiddleDigits(page, phone);
      await expect(page.getByLabel('手机号第7位')).toHaveValue(phone.charAt(6));
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: '注册并查看订单' }).click();

      // Signed in as the phone's member (tokens stored like every sign-in), the inquiry comes first.
      await expect(page).toHaveURL(
        new RegExp(`^[^?]*${device.prefix}/payJianke/inquiry\\?key=${link.key}&consigneePhone=${phone}`),
      );
      expect(await page.evaluate(() => Number(localStorage.getItem('anxin.accessTokenExpiresAt')))).toBeGreaterThan(
        Date.now(),
      );
      const product = page.getByTestId('inquiry-product');
      await expect(product).toContainText('阿莫西林胶囊');

      // The patient form in the guest frame, in its key mode: it adds, edits and deletes through the key calls
      // (/v2/orders/ordersPatient/{key}/patients…), never the member's /patients.
      const memberPatientCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/web-gateway/patients')) memberPatientCalls.push(request.url());
      });
      const keyPatients = `/web-gateway/v2/orders/ordersPatient/${link.key}/patients`;
      const keyCall = (method: string, path: string) =>
        page.waitForResponse((reply) => reply.request().method() === method && new URL(reply.url()).pathname === path);
      const form = page.locator('form.patient-form');
      const addPatient = async () => {
        await page.getByRole('link', { name: '添加用药人' }).first().click();
        await expect(page).toHaveURL(new RegExp(`${device.prefix}/payJianke/patientInfo/add\\?from=`));
        await form.getByLabel('姓名', { exact: true }).fill('周安宁');
        await form.getByLabel('手机号码', { exact: true }).fill('13912345678');
        await form.locator('.patient-form__relations').getByText('本人', { exact: true }).click();
        await form.getByLabel('身份证号').fill(idCard('1985-03-09', '135'));
      };
      await addPatient();
      await shoot(page, device, 'patient');
      await expectPhoneLayout(page, device);
      // The health-info dialog fits the guest frame (a phone included).
      await form.getByRole('button', { name: '填写健康信息' }).click();
      // Once its zoom-in is over: a click during antd's animation is lost (a retry of the CI run).
      const dialog = await openedDialog(page, '健康信息');
      await dialog.getByTestId('health-drugAllergy').getByText('有', { exact: true }).click();
      await expect(dialog.getByTestId('health-drugAllergy').locator('.health-form__tag').first()).toBeVisible();
      await shoot(page, device, 'patient-health');
      await expectPhoneLayout(page, device);
      const dialogBox = await dialog.boundingBox();
      const viewportWidth = page.viewportSize()?.width ?? 0;
      expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= viewportWidth).toBe(true);
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await expect(dialog).toBeHidden();
      const added = keyCall('POST', keyPatients);
      await form.getByRole('button', { name: '保存' }).click();
      expect((await added).status()).toBe(201);
      await expect(page).toHaveURL(new RegExp(`${device.prefix}/payJianke/inquiry\\?key=.*&patientId=\\d+$`));
      await expect(page.getByTestId('inquiry-patient')).toContainText('周安宁');
      const patientId = new URL(page.url()).searchParams.get('patientId');

      // Edit the chosen patient by key, then delete it by key and add it again.
      const readOne = keyCall('GET', `${keyPatients}/${patientId}`);
      await page.getByRole('link', { name: '编辑所选用药人' }).click();
      expect((await readOne).status()).toBe(200);
      await form.locator('.patient-form__relations').getByText('朋友', { exact: true }).click();
      const edited = keyCall('POST', keyPatients);
      await form.getByRole('button', { name: '保存' }).click();
      expect((await edited).status()).toBe(200);
      await expect(page.getByTestId('inquiry-patient')).toContainText('朋友');
      await page.getByRole('link', { name: '编辑所选用药人' }).click();
      await expect(form.getByLabel('姓名', { exact: true })).toHaveValue('周安宁');
      await shoot(page, device, 'patient-edit');
      await expectPhoneLayout(page, device);
      await form.getByRole('button', { name: '删除用药人' }).click();
      const deleted = keyCall('DELETE', `${keyPatients}/${patientId}`);
      await (await openedDialog(page, '确定删除用药人')).getByRole('button', { name: /删\s*除/ }).click();
      expect((await deleted).status()).toBe(204);
      await expect(page).toHaveURL(new RegExp(`${device.prefix}/payJianke/inquiry\\?key=`));
      await expect(page.getByTestId('inquiry-patient')).toHaveCount(0);
      await addPatient();
      const addedAgain = keyCall('POST', keyPatients);
      await form.getByRole('button', { name: '保存' }).click();
      expect((await addedAgain).status()).toBe(201);
      await expect(page.getByTestId('inquiry-patient')).toContainText('周安宁');
      expect(memberPatientCalls).toEqual([]);
      const questions = page.getByTestId('inquiry-question');
      await questions.nth(0).getByText('是', { exact: true }).click();
      await questions.nth(1).getByText('否', { exact: true }).click();
      await questions.nth(2).getByText('否', { exact: true }).click();
      await page.getByText('本人确认已在线下确诊并使用过该药品').click();
      await shoot(page, device, 'inquiry');
      await expectPhoneLayout(page, device);
      await page.getByRole('button', { name: '保存并同意问诊' }).click();

      // The pay page: the countdown ticks, the items fold after 3.
      await expect(page).toHaveURL(new RegExp(`${device.prefix}/payJianke/messagePayment\\?key=`));
      const timer = page.getByTestId('pay-countdown');
      await expect(timer).toContainText(/剩余支付时间\s*23:5\d:\d\d/);
      const first = await timer.textContent();
      await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
      await expect(page.getByTestId('guest-consignee')).toHaveText('周安宁');
      await expect(page.getByText('科技园路1号安心大厦')).toBeVisible();
      const items = page.getByTestId('guest-item');
      await expect(items).toHaveCount(3);
      // The prescription drug's line is tagged 处方药 with the prescription notice; the others are not.
      const rxItem = items.filter({ hasText: '阿莫西林胶囊' });
      await expect(rxItem.locator('.guest-item__tag', { hasText: '处方药' })).toBeVisible();
      await expect(rxItem).toContainText(PRESCRIPTION_NOTICE);
      await expect(page.getByText(PRESCRIPTION_NOTICE)).toHaveCount(1);
      await page.getByRole('button', { name: '展开全部' }).click();
      await expect(items).toHaveCount(4);
      await shoot(page, device, 'payment');
      await expectPhoneLayout(page, device);
      await page.getByRole('button', { name: '收起' }).click();
      await expect(items).toHaveCount(3);

      const paidPage = `${device.prefix}/payJianke/messagePayment?key=${link.key}&consigneePhone=${phone}`;
      await page.getByRole('button', { name: '立即支付' }).click();
      await payAtCashier(page, paidPage);
      // The desktop page offers the site's home; on the phone every link stays in the /m/ flow.
      await expect(page.getByRole('button', { name: '返回首页' })).toHaveCount(device.name === 'desktop' ? 1 : 0);
      await expectLinksFitPhone(page, device);

      // An account made by the link may get a password (reset flow: new password twice, the phone's SMS code).
      const passwordCard = page.locator('.guest-password');
      await passwordCard.getByRole('button', { name: '去设置' }).click();
      await passwordCard.getByPlaceholder('请设置8~16位新密码').fill('Anxin@2026');
      await passwordCard.getByPlaceholder('请再次输入新密码').fill('Anxin@2027');
      await passwordCard.getByRole('button', { name: '获取验证码' }).click();
      await expect(passwordCard.getByRole('button', { name: /秒后重发/ })).toBeVisible();
      await passwordCard.getByLabel('短信验证码').fill(await latestSmsCode(page.request, phone));
      await passwordCard.getByRole('button', { name: '确认设置' }).click();
      await expect(passwordCard.getByText(MSG.passwordsDiffer)).toBeVisible();
      await passwordCard.getByPlaceholder('请再次输入新密码').fill('Anxin@2026');
      await shoot(page, device, 'paid');
      await expectPhoneLayout(page, device);
      await passwordCard.getByRole('button', { name: '确认设置' }).click();
      await expect(page.getByText(MSG.passwordSet)).toBeVisible();
      await expect(passwordCard.getByRole('button', { name: '已设置' })).toBeDisabled();

      const ordersCode = (await page.getByTestId('guest-paid').textContent())?.match(/订单编号：(\w+)/)?.[1] ?? '';
      if (device.name === 'phone') {
        // On the phone 查看订单详情 is the flow's own summary of the order, on the same page.
        await page.getByRole('button', { name: '查看订单详情' }).click();
        await expect(page).toHaveURL(paidPage);
        await expect(page.getByRole('heading', { name: '收货信息' })).toBeInViewport();
        await expect(page.getByTestId('guest-orders-code')).toHaveText(ordersCode);
        return;
      }
      // Out of the flow on the desktop: the member's order detail is the site's page (its own script), signed in as
      // the link's member; back returns to the pay page.
      await page.getByRole('button', { name: '查看订单详情' }).click();
      await expect(page).toHaveURL(`/user/order/detail/${ordersCode}`);
      await expect(page.getByText(ordersCode).first()).toBeVisible();
      expect(await page.evaluate(() => document.querySelector('script[src*="/assets/guest-"]'))).toBeNull();
      await page.goBack();
      await expect(page.getByTestId('guest-paid')).toContainText('订单已支付');
    });

    test('a registered phone confirms the digits and an SMS code, views the order and pays', async ({ page }) => {
      const phone = uniquePhone();
      // A first link registers the phone (as a journey of the first kind would); the second order is the one here.
      const firstLink = await guestOrder(page.request, phone, '1000101');
      const confirmed = await page.request.post('/web-gateway/v4/orders/updatePhone', {
        data: { phone, token: firstLink.key },
      });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
      const registered = await page.request.post(`/web-gateway/v2/guest-pay/${firstLink.key}/register`, {
        data: { phone },
      });
      expect(registered.ok(), await registered.text()).toBe(true);
      const link = await guestOrder(page.request, phone, '1000102,1000301:2');

      await page.goto(link.path);
      await expect(page).toHaveURL(`${device.prefix}${link.path}`);
      await typeMiddleDigits(page, phone);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: '查看订单' }).click();
      // The code went to the phone; the digits are fixed now.
      const code = page.getByLabel('短信验证码');
      await expect(code).toBeVisible();
      await shoot(page, device, 'entry-code');
      await expectPhoneLayout(page, device);
      await code.fill(await latestSmsCode(page.request, phone));
      await page.getByRole('button', { name: '查看订单' }).click();

      await expect(page).toHaveURL(new RegExp(`${device.prefix}/payJianke/messagePayment\\?key=${link.key}`));
      await expect(page.getByTestId('pay-countdown')).toBeVisible();
      await expect(page.getByTestId('guest-item')).toHaveCount(2);
      await expect(page.getByRole('button', { name: '展开全部' })).toHaveCount(0);
      await page.getByRole('button', { name: '立即支付' }).click();
      await payAtCashier(page, `${device.prefix}/payJianke/messagePayment?key=${link.key}&consigneePhone=${phone}`);
      await expectPhoneLayout(page, device);
      await expectLinksFitPhone(page, device);
    });

    test('a cash-on-delivery link shows the order and what is due at the door; 设置登录密码 only while there is no password', async ({
      page,
    }) => {
      const phone = uniquePhone();
      const link = await guestOrder(page.request, phone, '1000101,1000201:2', 'cod');
      await page.goto(link.path);
      await typeMiddleDigits(page, phone);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: '注册并查看订单' }).click();

      const paidPage = `${device.prefix}/payJianke/messagePayment?key=${link.key}&consigneePhone=${phone}`;
      await expect(page).toHaveURL(paidPage);
      // As the spec's pay page: the payment type with its advance payment (nothing: all of it is paid at the door),
      // the items, the costs with the amount due on delivery, the order number.
      const notice = page.getByTestId('guest-paid');
      await expect(notice).toContainText('订单已确认，货到付款');
      const due = (await page.getByTestId('guest-sum').textContent()) ?? '';
      expect(due).toMatch(/^¥\d+\.\d{2}$/);
      await expect(notice).toContainText(`收货时请支付${due}`);
      await expect(page.locator('.guest-fields')).toContainText('货到付款预付金额：¥0.00');
      await expect(page.locator('.guest-costs__total')).toContainText(`货到应付${due}`);
      await expect(page.getByTestId('guest-item')).toHaveCount(2);
      await expect(page.getByTestId('guest-orders-code')).toHaveText(link.ordersCode);
      await expect(page.getByRole('button', { name: '立即支付' })).toHaveCount(0);
      // The account the link made has no password: the card offers one. Once set, the page offers it no more.
      const passwordCard = page.locator('.guest-password');
      await expect(passwordCard).toBeVisible();
      await shoot(page, device, 'cod');
      await expectPhoneLayout(page, device);
      await expectLinksFitPhone(page, device);

      await passwordCard.getByRole('button', { name: '去设置' }).click();
      await passwordCard.getByPlaceholder('请设置8~16位新密码').fill('Anxin@2026');
      await passwordCard.getByPlaceholder('请再次输入新密码').fill('Anxin@2026');
      await passwordCard.getByRole('button', { name: '获取验证码' }).click();
      await expect(passwordCard.getByRole('button', { name: /秒后重发/ })).toBeVisible();
      await passwordCard.getByLabel('短信验证码').fill(await latestSmsCode(page.request, phone));
      await passwordCard.getByRole('button', { name: '确认设置' }).click();
      await expect(page.getByText(MSG.passwordSet)).toBeVisible();
      await page.reload();
      await expect(notice).toContainText('订单已确认，货到付款');
      await expect(page.getByTestId('guest-item')).toHaveCount(2);
      await expect(passwordCard).toHaveCount(0);
    });

    test('a link past its bind window (ended by customer service) goes to /timeout', async ({ page }) => {
      const link = await guestOrder(page.request, uniquePhone(), '1000101');
      // Customer service ends the link (the bind window's end on a moved clock is proven by the API tests): the
      // bind check then answers '2' as after that end.
      const ended = await runOps('guest-link-end', link.ordersCode);
      expect(ended.exitCode, ended.stderr + ended.stdout).toBe(0);
      await page.goto(link.path);
      await expect(page).toHaveURL(`${device.prefix}/timeout`);
      await expect(page.getByTestId('guest-timeout')).toContainText(GUEST_PAY_MSG.linkTimedOut);
      await expect(page.getByText('24小时客服热线')).toBeVisible();
      await shoot(page, device, 'timeout');
      await expectPhoneLayout(page, device);
      await expectLinksFitPhone(page, device);
    });
  });
}

/**
 * A link for a new phone, its phone confirmed and registered through the API as the entry page would, and the
 * sign-in placed in the page: a page of the flow then opens as in a new tab.
 */
async function registeredThroughLink(page: Page, products: string) {
  const phone = uniquePhone();
  const link = await guestOrder(page.request, phone, products);
  const confirmed = await page.request.post('/web-gateway/v4/orders/updatePhone', { data: { phone, token: link.key } });
  const { consigneePhone } = (await confirmed.json()) as { consigneePhone: string };
  const registered = await page.request.post(`/web-gateway/v2/guest-pay/${link.key}/register`, {
    data: { phone: consigneePhone },
  });
  await placeTokensInPage(page, (await registered.json()) as LoginResult);
  return { link, consigneePhone };
}

test('the entry page arrives drawn, asks for the bind check as the script starts, and shows its form before zod has loaded', async ({
  browser,
  baseURL,
  page,
}) => {
  const link = await guestOrder(page.request, uniquePhone(), '1000101');
  // Without any script: the prerendered frame (its title, what the shopper is asked to do, the skeleton of the
  // form); a phone's browser is sent to the phone pages by the server.
  const { page: still, close } = await contextWithoutScript(browser, baseURL);
  await still.goto(link.path);
  await expect(still).toHaveTitle('订单确认 - 安心大药房');
  await expect(still.getByRole('heading', { name: '确认下单手机号' })).toBeVisible();
  await expect(still.getByText('请补全下单手机号中间4位')).toBeVisible();
  await expect(still.locator('.ant-skeleton')).toBeVisible();
  await close();

  const bindingAsked = await askedWhilePartHeld(
    page,
    /\/assets\/entry-page-[\w-]+\.js$/,
    `/web-gateway/v2/guest-pay/${link.key}/binding`,
  );
  const zodRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/zod-[\w-]+\.js$/.test(request.url())) zodRequests.push(request.url());
  });
  await page.route(/\/assets\/zod-[\w-]+\.js$/, (route) => route.abort());

  const errors = collectPageErrors(page);
  await page.goto(link.path);
  await expect(page.getByRole('button', { name: '注册并查看订单' })).toBeVisible();
  expect(bindingAsked()).toEqual([true]);
  expect(zodRequests).toEqual([]);
  expect(await partsAskedBeforeFirstPaint(page)).toEqual(['/assets/start-after-first-paint.js']);
  expect(errors.filter((error) => !error.includes('/assets/zod-'))).toEqual([]);

  // The digits are checked with the server's rule, fetched on the first submit: unreachable, the page says so.
  await page.getByRole('button', { name: '注册并查看订单' }).click();
  await expect(page.getByText(MSG.networkPoor)).toBeVisible();
  expect(zodRequests.length).toBeGreaterThan(0);
});

test('the pay page, loaded afresh, asks for its order as the script starts and draws it from the guest script and one part, without a form part or zod', async ({
  page,
}) => {
  const { link, consigneePhone } = await registeredThroughLink(page, '1000101');

  const orderAsked = await askedWhilePartHeld(
    page,
    /\/assets\/guest-flow-[\w-]+\.js$/,
    '/web-gateway/v5/orders/notPay',
  );
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script')
      scripts.push(new URL(request.url()).pathname.replace(/-[\w-]{8}\.js$/, '.js'));
  });
  const mallConfigRead = page.waitForResponse((response) => response.url().includes('/web-gateway/v2/mall/config'));

  await page.goto(`/payJianke/messagePayment?key=${link.key}&consigneePhone=${consigneePhone}`);
  await expect(page.getByTestId('pay-countdown')).toContainText(/剩余支付时间\s*23:5\d:\d\d/);
  await expect(page.getByTestId('guest-item')).toHaveCount(1);
  await expect(page.getByRole('button', { name: '立即支付' })).toBeEnabled();
  // The mall configuration (whether orders show the 处方药 tag) is read without zod too.
  await mallConfigRead;
  expect(orderAsked()).toEqual([true]);
  // The guest link's own script (guest.html), the flow's part and antd's few shared modules: neither a form
  // part nor zod, and not the site's forty-odd parts.
  expect(scripts.sort()).toEqual(['/assets/antd-shared.js', '/assets/guest-flow.js', '/assets/guest.js']);
});

test('the inquiry page, loaded afresh, paints its frame before it asks for its data and its form, and loads no zod', async ({
  page,
}) => {
  const { link, consigneePhone } = await registeredThroughLink(page, AMOXICILLIN);
  const isFrameDrawn = () => page.evaluate(() => document.querySelector('.guest-inquiry-lead') !== null);

  // The inquiry, the link's patients and the order: asked for once the frame has painted (the lead is in the
  // page by then), so until the first paint the frame has the connection to itself.
  const dataAsked: Record<string, boolean[]> = { inquiry: [], patients: [], order: [] };
  const dataPaths = {
    inquiry: `/web-gateway/v4/orders/getPrescriptionSignByToken/${link.key}`,
    patients: `/web-gateway/v2/orders/ordersPatient/${link.key}/patients`,
    order: '/web-gateway/v5/orders/notPay',
  };
  // The order (the lines' pictures and packing) held back for a while: the form waits for it rather than be drawn
  // without them and then grow.
  let releaseOrder = () => {};
  const orderReleased = new Promise<void>((resolve) => {
    releaseOrder = resolve;
  });
  for (const [name, path] of Object.entries(dataPaths)) {
    await page.route(
      (url) => url.pathname === path,
      async (route) => {
        dataAsked[name]?.push(await isFrameDrawn());
        if (name === 'order') await orderReleased;
        await route.continue();
      },
    );
  }
  // The form's part (its questions, antd's form controls) held until the frame has been seen without it.
  let releaseForm = () => {};
  const formReleased = new Promise<void>((resolve) => {
    releaseForm = resolve;
  });
  const formParts: boolean[] = [];
  await page.route(/\/assets\/inquiry-[\w-]+\.js$/, async (route) => {
    formParts.push(await isFrameDrawn());
    await formReleased;
    await route.continue();
  });

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  await page.goto(`/m/payJianke/inquiry?key=${link.key}&consigneePhone=${consigneePhone}`);
  await expect(page.getByRole('heading', { name: '完善问诊信息' })).toBeVisible();
  await expect(page.locator('.guest-card[aria-busy="true"] .ant-skeleton')).toBeVisible();
  // What the page is for is said with its frame, before the form.
  await expect(page.getByText(INQUIRY_LEAD)).toBeVisible();
  await expect.poll(() => formParts).toEqual([true]);
  // The form is taller than the screen: the skeleton holds the footer below the fold, where the form leaves
  // it (it does not jump down when the form arrives).
  const footerTop = () =>
    page.locator('.guest-pay__footer').evaluate((footer) => footer.getBoundingClientRect().top - window.innerHeight);
  expect(await footerTop()).toBeGreaterThan(0);
  const formArrived = page.waitForResponse(/\/assets\/inquiry-[\w-]+\.js$/);
  releaseForm();
  await formArrived;
  // The form's part and the other two answers are in: given time to draw, the page still waits for the order.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('inquiry-product')).toHaveCount(0);
  releaseOrder();
  await expect(page.getByTestId('inquiry-product')).toContainText('阿莫西林胶囊');
  await expect(page.getByTestId('inquiry-product')).toContainText('规格：');
  await expect(page.getByText(INQUIRY_LEAD)).toHaveCount(1);
  expect(await footerTop()).toBeGreaterThan(0);
  expect(dataAsked).toEqual({ inquiry: [true], patients: [true], order: [true] });
  // The form's rules and texts come without zod (inquiry.rules.ts, patient.constants.ts).
  expect(scripts.filter((path) => /\/zod-/.test(path))).toEqual([]);
});

test("an unknown page of the flow says so in the flow's script, and 返回首页 loads the site's home page", async ({
  page,
}) => {
  await page.goto('/m/payJianke/nothing-here');
  await expect(page.getByText('您访问的页面不存在')).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('script[src*="/assets/guest-"]'))).not.toBeNull();
  await page.getByRole('link', { name: '返回首页', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('searchbox', { name: '商品搜索' })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('script[src*="/assets/guest-"]'))).toBeNull();
});
