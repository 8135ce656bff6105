import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { runOps } from './support/ops.ts';
import {
  type LoginResult,
  placeTokensInPage,
  sendSmsCodeByApi,
  signInAsNewMember,
  uniquePhone,
} from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// Issue 32, WCAG 2.1 AA: axe (its WCAG 2.0/2.1 A and AA rules) on every page of the site, the console's sign-in
// and the guest link's pages, at 1280 and at 375 px, signed in where the page needs it, in the normal look and in
// 长辈模式. Any violation fails the journey, listed by rule, element and what axe measured; so does a
// page wider than a 375 px window, and in 长辈模式 text under 18 px, a control under 48 px or text under 7:1 (axe's
// color-contrast-enhanced). Each width and mode is one journey in one browser context, visiting the pages one
// after the other.

// The four journeys are independent: let two workers take them at once.
test.describe.configure({ mode: 'parallel' });

const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PRODUCT = '1000101';

type Visit = { path: string; title: RegExp };

/** How a journey looks at its pages: the width, and whether 长辈模式 is on. */
type Look = { width: number; isElderly: boolean };

/** 长辈模式's least text size and control height (互联网网站适老化通用设计规范). */
const ELDERLY_TEXT_PX = 18;
const ELDERLY_CONTROL_PX = 48;
/** Where 长辈模式's 7:1 is measured: the shop, the sign-in, the cart, the member home and an order. */
const REPRESENTATIVE_PAGES = ['/product/', '/user/login', '/cart', '/user/order/detail/'];

/**
 * A readable list of axe's violations: rule, impact, help, and for each element its selector and failure. In
 * 长辈模式 text must also meet 7:1 on the representative pages (AAA's color-contrast-enhanced, run on its own: axe
 * takes tags or rules; a second pass on every page would double the journey).
 */
async function violationsOf(page: Page, look: Look, isRepresentative: boolean) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  if (look.isElderly && isRepresentative) {
    const enhanced = await new AxeBuilder({ page }).withRules(['color-contrast-enhanced']).analyze();
    violations.push(...enhanced.violations);
  }
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
    ),
  );
}

/** Waits for the page's transitions to end (antd eases a button's colours in as it is enabled after hydration). */
async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Focus stops the keyboard reaches first on a page, each checked for a visible ring. */
const FOCUS_STOPS = 12;

/**
 * Tabs through the page's first controls and answers those that show no focus ring: an outline of 2 px or more
 * (styles.css, "focus") on the control, on antd's wrapper of a field, or on the box drawn beside a checkbox or
 * radio, or a box-shadow ring.
 */
async function controlsWithoutFocusRing(page: Page) {
  const missing: string[] = [];
  for (let stop = 0; stop < FOCUS_STOPS; stop++) {
    await page.keyboard.press('Tab');
    const unringed = await page.evaluate(async () => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return null;
      // antd's controls ease their outline in: read it once the transitions have ended.
      const easing = [focused, focused.parentElement, focused.nextElementSibling]
        .flatMap((node) => node?.getAnimations() ?? [])
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      await Promise.all(easing.map((animation) => animation.finished.catch(() => undefined)));
      const isRinged = (node: Element | null | undefined) => {
        if (!node) return false;
        const style = getComputedStyle(node);
        // A box-shadow ring: its first shadow's spread ("rgb(…) 0px 0px 0px 2px").
        const shadowSpread =
          style.boxShadow === 'none'
            ? 0
            : Number.parseFloat(
                style.boxShadow
                  .replace(/rgba?\([^)]*\)/g, '')
                  .trim()
                  .split(/\s+/)[3] ?? '0',
              );
        return (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || shadowSpread >= 2;
      };
      const drawnBeside = focused.matches('.ant-checkbox-input, .ant-radio-input') ? focused.nextElementSibling : null;
      const wrapper = focused.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker');
      if (isRinged(focused) || isRinged(wrapper) || isRinged(drawnBeside)) return null;
      const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 20) ?? '';
      return `<${focused.tagName.toLowerCase()} class="${focused.className}"> ${name}`;
    });
    if (unringed) missing.push(unringed);
  }
  return missing;
}

/**
 * 长辈模式's sizes on the page as drawn: visible text (an element's own words) under 18 px, and antd's buttons
 * and fields (their frames) under 48 px tall, each as `tag.class "text" size`.
 */
function elderlySizeFindings(page: Page) {
  return page.evaluate(
    ([textPx, controlPx]) => {
      const findings: string[] = [];
      const describe = (element: Element, size: number) =>
        `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 16)}" ${size}px`;
      const isShown = (element: Element) =>
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        !element.closest('.visually-hidden, [aria-hidden=true]');
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const ownText = Array.from(element.childNodes).some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        if (!ownText || !isShown(element)) continue;
        const size = Number.parseFloat(getComputedStyle(element).fontSize);
        if (size < textPx - 0.5) findings.push(`text under ${textPx} px: ${describe(element, size)}`);
      }
      const controls = document.querySelectorAll(
        '.ant-btn, .ant-input-affix-wrapper, .ant-input:not(.ant-input-affix-wrapper .ant-input, textarea), .ant-select, .ant-picker, .ant-input-number',
      );
      for (const control of Array.from(controls)) {
        if (!isShown(control)) continue;
        const height = Math.round(control.getBoundingClientRect().height);
        if (height > 0 && height < controlPx - 0.5)
          findings.push(`control under ${controlPx} px: ${describe(control, height)}`);
      }
      return findings;
    },
    [ELDERLY_TEXT_PX, ELDERLY_CONTROL_PX] as const,
  );
}

/**
 * Waits for the page as it is to show its data (no loading bar, skeleton or spinner, transitions over), then runs
 * axe, checks the width on a phone (nothing to pan sideways), and in the normal look the focus rings (the same
 * CSS in 长辈模式), in 长辈模式 its sizes; adds what they find under `where`.
 */
async function auditPage(page: Page, where: string, found: string[], look: Look) {
  // A prerendered page's controls are drawn disabled until React has taken the page over (app/providers.tsx).
  await expect(page.locator('.app-root--hydrating, .page-loading, .ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('html')).toHaveClass(look.isElderly ? /elderly-mode/ : /^(?!.*elderly-mode)/);
  await transitionsEnded(page);
  const isRepresentative = REPRESENTATIVE_PAGES.some((path) => where.startsWith(path));
  for (const violation of await violationsOf(page, look, isRepresentative)) found.push(`${where}: ${violation}`);
  // The guest link's desktop addresses stay desktop pages: a phone is sent to their /m/ twins.
  if (look.width <= 375 && !where.startsWith('/payJianke/')) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) found.push(`${where}: pans sideways, ${scrollWidth} px wide in ${innerWidth} px`);
  }
  if (look.isElderly) for (const finding of await elderlySizeFindings(page)) found.push(`${where}: ${finding}`);
  else for (const control of await controlsWithoutFocusRing(page)) found.push(`${where}: no focus ring on ${control}`);
}

/** Opens `visit.path`, checks its title and audits it. */
async function checkPage(page: Page, visit: Visit, found: string[], look: Look) {
  await page.goto(visit.path);
  await expect(page).toHaveTitle(visit.title);
  await auditPage(page, visit.path, found, look);
}

/** A member with a default address and one order waiting for payment, signed in through the API. */
async function memberWithOrder(page: Page) {
  const phone = uniquePhone();
  const code = await sendSmsCodeByApi(page.request, phone, 'login');
  const reply = await page.request.post('/web-gateway/passport/account/smsLogin/v2', {
    data: { phoneNum: phone, smsCode: code },
  });
  const login = (await reply.json()) as LoginResult;
  const address = await createAddressByApi(page.request, login.access_token);
  const order = await placeOrderByApi(page.request, login.access_token, {
    addressId: address.id,
    skuCode: PRODUCT,
    paymentType: 99,
  });
  return { login, ordersCode: order.ordersCode };
}

/** A settlement of one product for the member: the settle page's address. */
async function settlePath(request: APIRequestContext, accessToken: string) {
  const reply = await request.post('/web-gateway/v2/settle/buyNow', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { skuCode: PRODUCT, quantity: 1, sourceHost: 'localhost' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return `/settle?id=${((await reply.json()) as { settlementId: string }).settlementId}`;
}

/** A guest payment link of a non-prescription order for a new phone (npm run ops -- guest-order). */
async function guestLink(phone: string) {
  const placed = await runOps(
    'guest-order',
    phone,
    `${PRODUCT},1000201`,
    '--address',
    '广东省',
    '深圳市',
    '南山区',
    '科技园路1号安心大厦',
    '--name',
    '周安宁',
  );
  expect(placed.exitCode, placed.stderr + placed.stdout).toBe(0);
  const url = new URL(placed.stdout.trim().split('\n').at(-1) ?? '');
  return `${url.pathname}${url.search}`;
}

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
];

/** Turns 长辈模式 on or off with the top bar's switch, as a visitor does. */
async function switchElderlyMode(page: Page, on: boolean) {
  const toggle = page.locator('.top-bar').getByRole('switch', { name: '长辈模式' });
  await expect(page.locator('.app-root--hydrating')).toHaveCount(0);
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

for (const { name, viewport } of WIDTHS) {
  for (const isElderly of [false, true]) {
    const look: Look = { width: viewport.width, isElderly };
    test.describe(`WCAG 2.1 AA on the ${name} (${viewport.width} px)${isElderly ? ' in 长辈模式' : ''}`, () => {
      test.use({ viewport });

      test('axe finds no violation on any page', async ({ page }) => {
        test.setTimeout(360_000);
        const found: string[] = [];
        if (isElderly) {
          await page.goto('/');
          await switchElderlyMode(page, true);
        }
        const visitorPages: Visit[] = [
          { path: '/', title: /安心大药房/ },
          { path: `/product/${PRODUCT}`, title: /商品详情/ },
          { path: '/user/login', title: /欢迎登录/ },
          { path: '/user/register', title: /欢迎注册/ },
          { path: '/user/account/password/forget', title: /忘记密码/ },
          ...(isElderly ? [] : [{ path: '/admin/login', title: /登录/ }]),
        ];
        for (const visit of visitorPages) await checkPage(page, visit, found, look);

        // The slide captcha's dialog over the sign-in page.
        await page.goto('/user/login');
        await page.getByPlaceholder('请输入手机号').fill(uniquePhone());
        await page.getByRole('button', { name: '获取验证码' }).click();
        await expect(page.getByRole('slider', { name: '拖动滑块完成拼图' })).toBeVisible();
        await expect(page.locator('.slide-captcha__piece')).toBeVisible();
        await auditPage(page, '/user/login (安全验证)', found, look);

        // The guest link: its entry page, then, registered by the phone's middle digits, its pay page.
        const phone = uniquePhone();
        await checkPage(page, { path: await guestLink(phone), title: /./ }, found, look);
        await page.getByLabel('手机号第4位').click();
        await page.keyboard.type(phone.slice(3, 7));
        await page.getByRole('checkbox').check();
        await page.getByRole('button', { name: '注册并查看订单' }).click();
        await expect(page).toHaveURL(/\/payJianke\/messagePayment\?key=/);
        await expect(page.getByTestId('guest-status')).toBeVisible();
        await auditPage(page, '/payJianke/messagePayment', found, look);

        const { login, ordersCode } = await memberWithOrder(page);
        if (isElderly) {
          // The member chose 长辈模式 on another device: this browser, switched off, takes it at sign-in.
          const chosen = await page.request.put('/web-gateway/v2/member/elderly-mode', {
            headers: { authorization: `Bearer ${login.access_token}` },
            data: { elderlyMode: true },
          });
          expect(chosen.ok(), await chosen.text()).toBe(true);
        }
        await placeTokensInPage(page, login);
        if (isElderly) await page.evaluate(() => localStorage.setItem('anxin.elderlyMode', '0'));
        const memberPages: Visit[] = [
          { path: '/cart', title: /购物车/ },
          { path: await settlePath(page.request, login.access_token), title: /确认订单/ },
          { path: '/user', title: /会员中心/ },
          { path: '/user/order/mine/all', title: /我的订单/ },
          { path: `/user/order/detail/${ordersCode}`, title: /订单详情/ },
          { path: '/user/aftersale', title: /我的售后/ },
          { path: '/user/order/collect', title: /我的收藏/ },
          { path: '/user/order/drug', title: /缺货登记/ },
          { path: '/user/account/coupon', title: /我的健康补贴/ },
          { path: '/user/account/couponRule', title: /补贴使用规则/ },
          { path: '/user/account/coin', title: /健康币/ },
          { path: '/user/personal/invoice', title: /我的发票/ },
          { path: '/user/patientInfo', title: /用药人管理/ },
          { path: '/user/personal/address', title: /收货地址/ },
          { path: '/user/personal/addInfo/info', title: /个人资料/ },
          { path: '/user/personal/safe', title: /账户安全/ },
          { path: '/user/account/password/edit', title: /密码/ },
          { path: '/user/account/delete', title: /注销/ },
          { path: '/merchants/entry', title: /商家入驻/ },
        ];
        for (const visit of memberPages) await checkPage(page, visit, found, look);
        if (isElderly) {
          // The member home shows its main actions only (at 1280 px the member menu beside it has its own 用药人管理).
          await page.goto('/user');
          await expect(page.getByRole('region', { name: /您好/ }).getByRole('link', { name: '用药人' })).toBeVisible();
          await expect(page.getByTestId('count-健康币')).toHaveCount(0);
        }

        expect(found, `axe found ${found.length} violations:\n${found.join('\n')}`).toEqual([]);
      });
    });
  }
}

// WCAG 3.3.1: antd writes a field's error under it and names it in the field's aria-describedby, but says nothing
// when it appears; a submit that fails its checks moves the focus to the first field in error (AppProviders'
// form config), so a screen reader reads the field and its message.
test('a failed submit takes the focus to the first field in error, described by its message', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page.locator('.app-root--hydrating')).toHaveCount(0);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const phone = page.getByPlaceholder('请输入手机号');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/手机号/);

  // The medication user's form, which names its own scroll to the error, focuses it too.
  await signInAsNewMember(page);
  await page.goto('/user/patientInfo/add');
  await expect(page.locator('.app-root--hydrating, .ant-skeleton')).toHaveCount(0);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByLabel('姓名')).toBeFocused();
  await expect(page.getByLabel('姓名')).toHaveAttribute('aria-invalid', 'true');
});
