import type { Page } from '@playwright/test';
import { agentAnswers, agentView, conversationAsking } from './support/chat-agent.ts';
import { runOps } from './support/ops.ts';
import { placeTokensInPage, signInAsNewMember, uniquePhone } from './support/session.ts';
import { expect, test } from './support/test.ts';

// Where 联系客服 opens the online-service chat (docs/CHAT.md, issue 31): the site's footer (a visitor, whose
// question joins their history once they sign in), the product page of a drug out of stock (about that
// product), /timeout, and the guest link's entry page before the guest signs in (about the link's order,
// joining the member's history on the pay page). Each opens the window over the page, the whole screen on a
// 375 px phone. The agent answers as kefu_demo through the console's API. SHOTS_DIR=<dir> also saves screenshots.

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
/** Out of stock in the catalogue's data, and no other journey restocks it. */
const OUT_OF_STOCK = '1000306';

/** The chat window, open; its question sent and shown as 已发送. */
async function ask(page: Page, question: string) {
  const chat = page.getByRole('dialog', { name: '在线客服' });
  await expect(chat).toBeVisible();
  const input = chat.getByRole('textbox', { name: '输入消息' });
  await expect(input).toBeFocused();
  await input.fill(question);
  await input.press('Enter');
  await expect(chat.locator('.chat-bubble--own').filter({ hasText: question })).toContainText('已发送');
  return chat;
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, userAgent: ANDROID_CHROME });

  test('the footer’s 联系客服 opens the window full screen; the visitor’s question joins their history at sign-in', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.locator('footer.site-footer');
    // The hotlines stay, as the spec writes them.
    await expect(footer).toContainText('订购热线（8:00-23:00）');
    await expect(footer).toContainText('退换货热线（9:00-21:00）');
    await footer.getByRole('button', { name: '联系客服' }).click();
    const question = `可以开发票吗 ${Date.now()}`;
    const chat = await ask(page, question);
    expect(await chat.boundingBox()).toMatchObject({ x: 0, y: 0, width: 375, height: 667 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'chat-footer-375');
    const conversationId = await conversationAsking(page.request, question);
    expect((await agentView(page.request, conversationId)).conversation).toMatchObject({
      pageUrl: '/',
      ordersCode: null,
    });
    await chat.getByRole('button', { name: '关闭客服窗口' }).click();
    await expect(chat).toHaveCount(0);
    await expect(footer.getByRole('button', { name: '联系客服' })).toBeFocused();

    // Signed in on the same browser: the question asked as a visitor is the member's, and so is the answer.
    await agentAnswers(page.request, conversationId, '可以，确认收货后开具电子发票');
    await signInAsNewMember(page);
    await page.goto('/');
    await page
      .locator('footer.site-footer')
      .getByRole('button', { name: /联系客服/ })
      .click();
    const signedIn = page.getByRole('dialog', { name: '在线客服' });
    await expect(signedIn.locator('.chat-bubble--own').filter({ hasText: question })).toBeVisible();
    await expect(signedIn.locator('.chat-bubble--agent')).toContainText('可以，确认收货后开具电子发票');
  });

  test('a guest asks from the link’s entry page before signing in; on the pay page the question is the member’s', async ({
    page,
  }) => {
    const phone = uniquePhone();
    const placed = await runOps(
      'guest-order',
      phone,
      '1000101',
      '--address',
      '浙江省 杭州市 西湖区 文三路1号',
      '--name',
      '周安宁',
    );
    expect(placed.exitCode, placed.stderr + placed.stdout).toBe(0);
    const ordersCode = /AX\d{16}/.exec(placed.stdout)?.[0] ?? '';
    const key = new URL(placed.stdout.trim().split('\n').at(-1) ?? '').searchParams.get('key') ?? '';
    await page.goto(`/m/payJianke/entry?key=${key}`);
    await page.locator('.guest-pay__footer').getByRole('button', { name: '联系客服' }).click();
    const question = `能改收货地址吗 ${Date.now()}`;
    await ask(page, question);
    const conversationId = await conversationAsking(page.request, question);
    const seen = await agentView(page.request, conversationId);
    // About the link's order; the page without the link's key.
    expect(seen.conversation).toMatchObject({ ordersCode, pageUrl: '/m/payJianke/entry' });
    expect(seen.member).toBeNull();

    const confirmed = await page.request.post('/web-gateway/v4/orders/updatePhone', { data: { phone, token: key } });
    const { consigneePhone } = (await confirmed.json()) as { consigneePhone: string };
    const registered = await page.request.post(`/web-gateway/v2/guest-pay/${key}/register`, {
      data: { phone: consigneePhone },
    });
    await placeTokensInPage(page, await registered.json());
    await page.goto(`/m/payJianke/messagePayment?key=${key}&consigneePhone=${consigneePhone}`);
    await page
      .locator('.guest-pay__footer')
      .getByRole('button', { name: /联系客服/ })
      .click();
    const chat = page.getByRole('dialog', { name: '在线客服' });
    await expect(chat.locator('.chat-bubble--own').filter({ hasText: question })).toBeVisible();
    expect((await agentView(page.request, conversationId)).member).not.toBeNull();
  });

  test('/timeout: 联系客服 opens the window, and the 24-hour hotline stays', async ({ page }) => {
    await page.goto('/m/timeout');
    await expect(page.locator('.guest-hotline')).toContainText('24小时客服热线：');
    await page.getByTestId('guest-timeout').getByRole('button', { name: '联系客服' }).click();
    const chat = await ask(page, `链接超时了怎么办 ${Date.now()}`);
    expect(await chat.boundingBox()).toMatchObject({ x: 0, y: 0, width: 375, height: 667 });
    await shot(page, 'chat-timeout-375');
  });
});

test('a drug out of stock: 联系客服 beside 到货通知 asks about that product', async ({ page }) => {
  await page.goto(`/product/${OUT_OF_STOCK}`);
  await expect(page.getByText('暂时缺货').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '到货通知' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: '联系客服' }).click();
  const question = `这个药什么时候到货 ${Date.now()}`;
  await ask(page, question);
  await shot(page, 'chat-product-1280');
  const conversationId = await conversationAsking(page.request, question);
  expect((await agentView(page.request, conversationId)).conversation).toMatchObject({
    productCode: OUT_OF_STOCK,
    pageUrl: `/product/${OUT_OF_STOCK}`,
  });
});
