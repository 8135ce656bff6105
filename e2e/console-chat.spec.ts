import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/common/messages.ts';
import { openedDialog, openedPopconfirm } from './support/dialog.ts';
import { signInAsNewMember } from './support/session.ts';
import { createAddressByApi, placeOrderByApi } from './support/shop.ts';
import { type DemoStaffLogin, openConsoleAs, staffBearer, staffToken } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// 在线客服 in the console (docs/CHAT.md, the agent's side): a member asks from an order detail, kefu_demo sees
// the question waiting, takes it, sees the order beside it and answers with a quick reply, which the member
// sees arrive live; the conversation goes to the pharmacists' queue, where yaoshi_demo takes it, answers and
// ends it, and the member rates it. Then the inbox at 1000 px (two panes) and on a 375 px phone (one at a
// time), a picture and an order card as the agent sees them, and 接入 refused when another agent was quicker.
// Other journeys use kefu_demo's inbox at the same time: each finds its own conversation by its order.
// SHOTS_DIR=<dir> also saves screenshots.

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

/** A tab of its own for a staff member, at the given width: the console keeps its token per tab. */
async function consoleAs(
  browser: Browser,
  baseURL: string | undefined,
  loginName: DemoStaffLogin,
  viewport = { width: 1280, height: 900 },
  beforeOpen?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport });
  const page = await context.newPage();
  await beforeOpen?.(page);
  await openConsoleAs(page, loginName, '/admin/chat');
  return page;
}

/** A new member with a cash-on-delivery order waiting for shipment. */
async function memberWithOrder(page: Page) {
  const { login } = await signInAsNewMember(page);
  const address = await createAddressByApi(page.request, login.access_token);
  const order = await placeOrderByApi(page.request, login.access_token, {
    addressId: address.id,
    skuCode: '1000101',
    paymentType: 1,
  });
  return { token: login.access_token, ordersCode: order.ordersCode };
}

const PHOTO = readFileSync(new URL('../apps/server/src/modules/uploads/fixtures/photo.png', import.meta.url));
let clientSequence = 0;

/**
 * The member asks through the API, as the window opened from the order would; with `attachments`, a picture of
 * their own uploads and the order's card follow the question. Answers the conversation's id.
 */
async function askAbout(
  request: APIRequestContext,
  accessToken: string,
  ordersCode: string,
  text: string,
  attachments = false,
) {
  const member = { authorization: `Bearer ${accessToken}` };
  const opened = await request.post('/web-gateway/v2/chat/token', {
    headers: member,
    data: { pageUrl: `/user/order/detail/${ordersCode}`, ordersCode },
  });
  const { token } = (await opened.json()) as { token: string };
  const send = async (message: Record<string, string>) => {
    const sent = await request.post('/web-gateway/v2/chat/messages', {
      headers: { authorization: `Bearer ${token}` },
      data: { clientId: `e2e-${Date.now()}-${++clientSequence}`, ...message },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    return ((await sent.json()) as { message: { conversationId: number } }).message.conversationId;
  };
  const conversationId = await send({ kind: 'text', text });
  if (!attachments) return conversationId;
  const uploaded = await request.post('/web-gateway/v2/upload?module=private', {
    headers: member,
    multipart: { file: { name: '药盒.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await send({ kind: 'image', image: ((await uploaded.json()) as { url: string }).url });
  await send({ kind: 'order', ordersCode });
  return conversationId;
}

const waitingList = (page: Page) => page.getByRole('region', { name: '待接入' });
const ownList = (page: Page) => page.getByRole('region', { name: '我的会话' });
const entryOf = (list: ReturnType<typeof waitingList>, ordersCode: string) =>
  list.getByRole('link').filter({ hasText: ordersCode });
const answerBox = (page: Page) => page.getByRole('textbox', { name: /^回复/ });

test('kefu_demo takes a question asked from an order, answers with a quick reply live, hands it to the pharmacists; yaoshi_demo ends it and the member rates it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { ordersCode } = await memberWithOrder(page);
  const detail = `/user/order/detail/${ordersCode}`;
  await page.goto(detail);
  // 联系医生/客服 opens the window about the order at once (e2e/chat.spec.ts).
  await page.getByTestId('order-action-contact').click();
  const chat = page.getByRole('dialog', { name: '在线客服' });
  const question = `这个药孕妇能吃吗？ ${Date.now()}`;
  await chat.getByRole('textbox', { name: '输入消息' }).fill(question);
  await chat.getByRole('textbox', { name: '输入消息' }).press('Enter');
  await expect(chat.locator('.chat-bubble--own').filter({ hasText: question })).toContainText('已发送');
  // Whatever arrives from here on comes without a reload: this mark would be gone after one.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  // kefu_demo sees it waiting, with the time it has waited, and opens it.
  const kefu = await consoleAs(browser, baseURL, 'kefu_demo');
  await expect(
    kefu.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem', { name: '在线客服' }),
  ).toBeVisible();
  await expect(kefu.getByRole('status').filter({ hasText: '实时连接中' })).toBeVisible();
  const waiting = entryOf(waitingList(kefu), ordersCode);
  await expect(waiting).toContainText(/\d+秒|\d+分/);
  await waiting.click();
  const log = kefu.getByRole('log', { name: '聊天记录' });
  await expect(log).toContainText(question);
  // Beside it: the order it was asked from, with a link into the console's order view, and the member's orders.
  const aside = kefu.getByRole('complementary', { name: '客户信息' });
  await expect(aside.getByRole('link', { name: ordersCode }).first()).toHaveAttribute(
    'href',
    `/admin/orders/${ordersCode}`,
  );
  await expect(aside).toContainText('/user/order/detail/');
  await expect(aside.getByRole('link', { name: `查看订单${ordersCode}` })).toBeVisible();
  await expect(aside).toContainText(/\d{3}\*{4}\d{4}/);

  await kefu.getByRole('button', { name: '接入' }).click();
  await expect(kefu.getByText('由您接待')).toBeVisible();
  await expect(entryOf(ownList(kefu), ordersCode)).toBeVisible();
  await expect(entryOf(waitingList(kefu), ordersCode)).toHaveCount(0);

  // A quick reply, kept for next time and inserted into the answer; Shift+Enter is a new line, Enter sends.
  const reply = `您好，孕妇请遵医嘱服用 ${Date.now()}`;
  await kefu.getByRole('button', { name: '快捷回复' }).click();
  const quick = kefu.getByRole('region', { name: '快捷回复' });
  await quick.getByRole('textbox', { name: /新的快捷回复/ }).fill(reply);
  await quick.getByRole('button', { name: '添加' }).click();
  await quick.getByRole('button', { name: reply, exact: true }).click();
  await expect(answerBox(kefu)).toHaveValue(reply);
  await expect(answerBox(kefu)).toBeFocused();
  await answerBox(kefu).press('Shift+Enter');
  await answerBox(kefu).pressSequentially('稍后药师为您详细解答');
  await expect(answerBox(kefu)).toHaveValue(`${reply}\n稍后药师为您详细解答`);
  await answerBox(kefu).press('Enter');
  await expect(answerBox(kefu)).toHaveValue('');
  const answer = log.locator('.chat-inbox-bubble--answer').filter({ hasText: reply });
  await expect(answer).toBeVisible();

  // The member sees it live, and reads it: the agent sees 已读.
  await expect(chat.locator('.chat-bubble--agent').filter({ hasText: reply })).toBeVisible();
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await expect(answer).toContainText('已读');
  // And the member's next message reaches the agent live.
  const followUp = `怀孕五个月 ${Date.now()}`;
  await chat.getByRole('textbox', { name: '输入消息' }).fill(followUp);
  await chat.getByRole('textbox', { name: '输入消息' }).press('Enter');
  await expect(log).toContainText(followUp);
  await shot(kefu, 'console-chat-1280');

  // The quick reply stays until it is deleted.
  await quick.getByRole('button', { name: `删除快捷回复：${reply}` }).click();
  await expect(quick.getByRole('button', { name: reply, exact: true })).toHaveCount(0);

  // A drug question: to the pharmacists' queue. It leaves kefu_demo's inbox.
  await kefu.getByRole('button', { name: '转接' }).click();
  const transfer = await openedDialog(kefu, '转接会话');
  await transfer.getByRole('radio', { name: '药师队列（药品问题）' }).check();
  await transfer.getByRole('button', { name: '转接' }).click();
  await expect(kefu).toHaveURL('/admin/chat');
  await expect(entryOf(ownList(kefu), ordersCode)).toHaveCount(0);
  await expect(entryOf(waitingList(kefu), ordersCode)).toHaveCount(0);
  await expect(chat).toContainText('正在为您接入客服');

  // yaoshi_demo finds it waiting in the pharmacists' queue, takes it, answers and ends it.
  const yaoshi = await consoleAs(browser, baseURL, 'yaoshi_demo');
  const forPharmacist = entryOf(waitingList(yaoshi), ordersCode);
  await expect(forPharmacist).toContainText('药师队列');
  await forPharmacist.click();
  await expect(yaoshi.getByRole('log', { name: '聊天记录' })).toContainText(followUp);
  await yaoshi.getByRole('button', { name: '接入' }).click();
  const pharmacistAnswer = '孕中期请在医生指导下短期使用';
  await answerBox(yaoshi).fill(pharmacistAnswer);
  await yaoshi.getByRole('button', { name: '发送' }).click();
  await expect(chat.locator('.chat-bubble--agent').filter({ hasText: pharmacistAnswer })).toBeVisible();
  await yaoshi.getByRole('button', { name: '结束会话' }).click();
  await (await openedPopconfirm(yaoshi, '结束本次会话')).getByRole('button', { name: '结束会话' }).click();
  await expect(yaoshi.getByText('已结束，等待会员评价')).toBeVisible();
  await expect(answerBox(yaoshi)).toHaveCount(0);

  // The member is asked to rate it, live.
  const rating = chat.getByRole('group', { name: '请对本次服务进行评价' });
  await rating.getByRole('button', { name: '满意', exact: true }).click();
  await expect(chat).toContainText('感谢您的评价：满意');
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
});

test('the inbox in two panes at 1000 px, and one at a time on a 375 px phone, with nothing panning sideways', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token, ordersCode } = await memberWithOrder(page);
  const question = `发票怎么开 ${Date.now()}`;
  await askAbout(page.request, token, ordersCode, question, true);

  const medium = await consoleAs(browser, baseURL, 'kefu_demo', { width: 1000, height: 800 });
  await entryOf(waitingList(medium), ordersCode).click();
  const log = medium.getByRole('log', { name: '聊天记录' });
  await expect(log).toContainText(question);
  // A picture shows as a picture, an order as a card leading to the console's order view.
  const picture = log.getByRole('img', { name: '会员发送的图片' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(log.locator('.chat-inbox-order').getByRole('link', { name: ordersCode })).toHaveAttribute(
    'href',
    `/admin/orders/${ordersCode}`,
  );
  await expect(waitingList(medium)).toBeVisible();
  await expect(medium.getByRole('complementary', { name: '客户信息' })).toHaveCount(0);
  await shot(medium, 'console-chat-1000');
  await medium.getByRole('button', { name: '客户信息' }).click();
  const drawer = medium.getByRole('dialog', { name: '客户信息' });
  await expect(drawer.getByRole('link', { name: ordersCode }).first()).toBeVisible();
  await drawer.getByRole('button', { name: '关闭客户信息' }).click();

  const phone = await consoleAs(browser, baseURL, 'kefu_demo', { width: 375, height: 740 });
  const entry = entryOf(waitingList(phone), ordersCode);
  await expect(entry).toBeVisible();
  await shot(phone, 'console-chat-375-list');
  await entry.click();
  await expect(waitingList(phone)).toHaveCount(0);
  await expect(phone.getByRole('log', { name: '聊天记录' })).toContainText(question);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.getByRole('button', { name: '接入' }).click();
  await expect(answerBox(phone)).toBeVisible();
  await shot(phone, 'console-chat-375-conversation');
  await phone.getByRole('button', { name: '客户信息' }).click();
  await expect(phone.getByRole('dialog', { name: '客户信息' })).toContainText('最近订单');
  await phone.getByRole('button', { name: '关闭客户信息' }).click();
  await phone.getByRole('button', { name: '返回会话列表' }).click();
  await expect(entryOf(ownList(phone), ordersCode)).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Not left waiting for someone: ended.
  await entryOf(ownList(phone), ordersCode).click();
  await phone.getByRole('button', { name: '结束会话' }).click();
  await (await openedPopconfirm(phone, '结束本次会话')).getByRole('button', { name: '结束会话' }).click();
  await expect(phone.getByText('已结束，等待会员评价')).toBeVisible();
});

test('接入 after another agent was quicker: the server’s refusal in Chinese, and who holds it now', async ({
  page,
  browser,
  baseURL,
}) => {
  const { token, ordersCode } = await memberWithOrder(page);
  const conversationId = await askAbout(page.request, token, ordersCode, `能开发票吗 ${Date.now()}`);
  // admin_demo's page hears nothing live here (its socket answers nothing), so the take below reaches it only
  // through the refusal.
  const admin = await consoleAs(browser, baseURL, 'admin_demo', undefined, (tab) =>
    tab.routeWebSocket(/\/admin\/chat\/socket/, () => undefined),
  );
  await entryOf(waitingList(admin), ordersCode).click();
  await expect(admin.getByRole('button', { name: '接入' })).toBeVisible();

  const kefu = staffBearer(await staffToken(page.request, 'kefu_demo'));
  const taken = await page.request.post(`/web-gateway/admin/chat/conversations/${conversationId}/take`, {
    headers: kefu,
  });
  expect(taken.ok(), await taken.text()).toBe(true);

  await admin.getByRole('button', { name: '接入' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: MSG.chatTakenByOther })).toBeVisible();
  const { displayName } = (await (await page.request.get('/web-gateway/admin/me', { headers: kefu })).json()) as {
    displayName: string;
  };
  await expect(admin.getByText(`由${displayName}接待`, { exact: true })).toBeVisible();
  await expect(admin.getByRole('button', { name: '接入' })).toHaveCount(0);
  await expect(admin.getByRole('textbox', { name: /^回复/ })).toHaveCount(0);

  const closed = await page.request.post(`/web-gateway/admin/chat/conversations/${conversationId}/close`, {
    headers: kefu,
  });
  expect(closed.ok(), await closed.text()).toBe(true);
});
