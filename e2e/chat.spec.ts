import type { APIRequestContext, Page } from '@playwright/test';
import { openedDialog } from './support/dialog.ts';
import { runOps } from './support/ops.ts';
import { placeTokensInPage, signInAsNewMember, uniquePhone } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { expect, test } from './support/test.ts';

// The online-service chat (docs/CHAT.md, issue 31): a member asks from an order detail and sees the agent's
// answer arrive live; a guest on a 375 px phone chats from the guest link's pay page; an answer to a member who
// is offline shows as an unread badge and texts them. The agent answers through the console's API as kefu_demo.
// SHOTS_DIR=<dir> also saves screenshots.

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * kefu_demo signed in through the console's API: the password, then the six digits the dev route shows. A code
 * is used once; when another journey spent it, the next 30-second step brings a new one.
 */
async function agentHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const first = await request.post('/web-gateway/admin/auth/login', {
      data: { loginName: 'kefu_demo', password: 'Demo@2026' },
    });
    expect(first.ok(), await first.text()).toBe(true);
    const { challenge } = (await first.json()) as { challenge: string };
    const staff = (await (await request.get('/web-gateway/admin/dev/demo-staff')).json()) as {
      loginName: string;
      code: string;
    }[];
    const code = staff.find((it) => it.loginName === 'kefu_demo')?.code;
    const second = await request.post('/web-gateway/admin/auth/totp', { data: { challenge, code } });
    if (second.ok())
      return { authorization: `Bearer ${((await second.json()) as { access_token: string }).access_token}` };
    await new Promise((resolve) => setTimeout(resolve, 31_000 - (Date.now() % 30_000)));
  }
  throw new Error('kefu_demo could not sign in');
}

/** The agent takes the conversation waiting with this text and answers it. */
async function agentAnswers(request: APIRequestContext, question: string, answer: string) {
  const headers = await agentHeaders(request);
  let conversationId = 0;
  await expect
    .poll(async () => {
      const inbox = (await (await request.get('/web-gateway/admin/chat/inbox', { headers })).json()) as {
        conversation: { id: number };
      }[];
      for (const item of inbox) {
        const history = await request.get(`/web-gateway/admin/chat/conversations/${item.conversation.id}/messages`, {
          headers,
        });
        const { content } = (await history.json()) as { content: { text: string | null }[] };
        if (content.some((message) => message.text === question)) conversationId = item.conversation.id;
      }
      return conversationId;
    })
    .toBeGreaterThan(0);
  const taken = await request.post(`/web-gateway/admin/chat/conversations/${conversationId}/take`, { headers });
  expect(taken.ok(), await taken.text()).toBe(true);
  const answered = await request.post(`/web-gateway/admin/chat/conversations/${conversationId}/messages`, {
    headers,
    data: { clientId: `e2e-${Date.now()}`, text: answer },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  return conversationId;
}

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
  await page.getByTestId('order-action-contact').click();
  // The order's contact dialog (hotline, 请药师回电) offers the chat.
  const contact = await openedDialog(page, '联系医生/客服');
  await contact.getByRole('button', { name: '在线咨询' }).click();

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

  await agentAnswers(page.request, question, '您好，订单今天下午发货');
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
    await agentAnswers(page.request, question, '可以的，快递员带POS机');
    await expect(chat.locator('.chat-bubble--agent').filter({ hasText: '可以的，快递员带POS机' })).toBeVisible();
    await shot(page, 'chat-guest-375');
    await chat.getByRole('button', { name: '关闭客服窗口' }).click();
    await expect(chat).toHaveCount(0);
  });
});

test('an answer to a member who is offline: an unread badge in the member centre header, and an SMS', async ({
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
  // Nobody has the window open: the member is offline when the agent answers.
  await agentAnswers(page.request, question, '需要先上传处方，药师审核后发货');
  const outbox = (await (await page.request.get(`/web-gateway/dev/sms-outbox?phone=${phone}`)).json()) as {
    content: string;
  }[];
  expect(outbox.some((sms) => sms.content.includes('客服已回复您的咨询'))).toBe(true);

  await page.goto('/user');
  await expect(page.locator('.member-menu__home').getByRole('status')).toHaveText('1');
  await shot(page, 'chat-unread-badge');
});
