import type { Page } from '@playwright/test';
import { agentAnswers, agentView, conversationAsking } from './support/chat-agent.ts';
import { runOps } from './support/ops.ts';
import { placeTokensInPage, signInAsNewMember, uniquePhone } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// The online-service chat (docs/CHAT.md): a member asks from an order detail and sees the agent's answer arrive
// live; a guest on a 375 px phone chats from the guest link's pay page; an answer to a member who is offline
// shows as an unread badge, which opens the window, and texts them once an hour at most. The agent answers
// through the console's API as kefu_demo (support/chat-agent.ts). The other 联系客服 are in
// e2e/chat-entries.spec.ts. SHOTS_DIR=<dir> also saves screenshots.

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

test('a member asks from the order detail and the answer arrives live, without leaving the page', async ({ page }) => {
  const { login } = await signInAsNewMember(page);
  const address = await createAddressByApi(page.request, login.access_token);
  const order = await placeOrderByApi(page.request, login.access_token, {
    addressId: address.id,
    skuCode: '1000101',
    paymentType: 1,
  });
  const detail = `/user/order/detail/${order.ordersCode}`;
  await page.goto(detail);
  // 联系医生/客服 opens the window about the order at once.
  await page.getByTestId('order-action-contact').click();

  const chat = page.getByRole('dialog', { name: '在线客服' });
  await expect(chat).toBeVisible();
  await expect(page).toHaveURL(detail);
  const input = chat.getByRole('textbox', { name: '输入消息' });
  await expect(input).toBeFocused();
  // Text stays text: the markup shows as the characters typed.
  const question = `我的订单什么时候发货？<b>急</b> ${Date.now()}`;
  await input.fill(question);
  await input.press('Enter');
  const mine = chat.locator('.chat-bubble--own').filter({ hasText: question });
  await expect(mine).toContainText('已发送');
  await expect(chat.locator('.chat-bubble--own b')).toHaveCount(0);
  await chat.getByRole('button', { name: `发送订单 ${order.ordersCode}` }).click();
  await expect(chat.locator('.chat-order-card')).toContainText(order.ordersCode);
  // Or any of the member's latest orders, picked from a list.
  await chat.getByRole('button', { name: '选择订单' }).click();
  await chat.getByRole('list', { name: '选择要发送的订单' }).getByRole('button').first().click();
  await expect(chat.locator('.chat-order-card')).toHaveCount(2);

  const conversationId = await conversationAsking(page.request, question);
  expect((await agentView(page.request, conversationId)).conversation).toMatchObject({
    ordersCode: order.ordersCode,
    pageUrl: detail,
  });
  await agentAnswers(page.request, conversationId, '您好，订单今天下午发货');
  const answer = chat.locator('.chat-bubble--agent').filter({ hasText: '您好，订单今天下午发货' });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('客服');
  // Read as it arrived: the agent's side sees 已读 under the member's messages.
  await expect(mine).toContainText('已读');
  await shot(page, 'chat-order-detail');

  // The keyboard stays inside the window; Esc closes it and focus returns to the page.
  for (let index = 0; index < 8; index += 1) await page.keyboard.press('Tab');
  expect(await chat.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(chat).toHaveCount(0);
  await expect(page.getByTestId('order-action-contact')).toBeFocused();
  await expect(page).toHaveURL(detail);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, userAgent: ANDROID_CHROME });

  test('a guest chats from the guest link’s pay page, full screen', async ({ page }) => {
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
    const link = new URL(placed.stdout.trim().split('\n').at(-1) ?? '');
    const key = link.searchParams.get('key') ?? '';
    const ordersCode = /AX\d{16}/.exec(placed.stdout)?.[0] ?? '';
    const confirmed = await page.request.post('/web-gateway/v4/orders/updatePhone', { data: { phone, token: key } });
    const { consigneePhone } = (await confirmed.json()) as { consigneePhone: string };
    const registered = await page.request.post(`/web-gateway/v2/guest-pay/${key}/register`, {
      data: { phone: consigneePhone },
    });
    await placeTokensInPage(page, await registered.json());
    await page.goto(`/m/payJianke/messagePayment?key=${key}&consigneePhone=${consigneePhone}`);

    await page.getByRole('button', { name: '联系客服' }).click();
    const chat = page.getByRole('dialog', { name: '在线客服' });
    await expect(chat).toBeVisible();
    const box = await chat.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 667 });
    const question = `货到付款可以刷卡吗 ${Date.now()}`;
    await chat.getByRole('textbox', { name: '输入消息' }).fill(question);
    await chat.getByRole('button', { name: '发送', exact: true }).click();
    await expect(chat.locator('.chat-bubble--own').filter({ hasText: question })).toContainText('已发送');
    const conversationId = await conversationAsking(page.request, question);
    // Signed in through the link: the member's, about the link's order.
    const seen = await agentView(page.request, conversationId);
    expect(seen.conversation.ordersCode).toBe(ordersCode);
    expect(seen.member).not.toBeNull();
    await agentAnswers(page.request, conversationId, '可以的，快递员带POS机');
    await expect(chat.locator('.chat-bubble--agent').filter({ hasText: '可以的，快递员带POS机' })).toBeVisible();
    await shot(page, 'chat-guest-375');
    await chat.getByRole('button', { name: '关闭客服窗口' }).click();
    await expect(chat).toHaveCount(0);
  });
});

test('answers to a member who is offline: one SMS, and an unread badge in the member centre header that opens the window', async ({
  page,
}) => {
  const { login, phone } = await signInAsNewMember(page);
  const headers = { authorization: `Bearer ${login.access_token}` };
  const question = `处方药怎么买 ${Date.now()}`;
  const asked = await page.request.post('/web-gateway/v2/chat/messages', {
    headers,
    data: { clientId: `e2e-${Date.now()}`, kind: 'text', text: question },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  // Nobody has the window open: the member is offline when the agent answers, twice within the hour.
  const conversationId = await conversationAsking(page.request, question);
  await agentAnswers(page.request, conversationId, '需要先上传处方', '药师审核后发货');
  const outbox = (await (await page.request.get(`/web-gateway/dev/sms-outbox?phone=${phone}`)).json()) as {
    content: string;
  }[];
  expect(outbox.filter((sms) => sms.content.includes('客服已回复您的咨询'))).toHaveLength(1);

  // The next visit: the badge in the member centre's header counts both answers and opens the window on them.
  await page.goto('/user');
  const badge = page.getByRole('button', { name: '2条未读客服消息，打开在线客服' });
  await expect(badge).toHaveText('2');
  await shot(page, 'chat-unread-badge');
  await badge.click();
  const chat = page.getByRole('dialog', { name: '在线客服' });
  await expect(chat.locator('.chat-bubble--agent')).toHaveText([/需要先上传处方/, /药师审核后发货/]);
  // Read as it shows them: no badge left.
  await expect(badge).toHaveCount(0);
  await chat.getByRole('button', { name: '关闭客服窗口' }).click();
  await expect(chat).toHaveCount(0);
  await expect(page.getByRole('button', { name: /条未读客服消息/ })).toHaveCount(0);
});
