import { randomUUID } from 'node:crypto';
import { CHAT_PAGE_SIZE, type ChatMessage } from '@anxin/shared/chat/chat.contract';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, uploads } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';

const API = '/web-gateway';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
let addressCounter = 0;
const nextAddress = () => `10.31.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function openWindow(headers: Headers, body: object = { pageUrl: '/user/order/detail?ordersCode=X' }) {
  const reply = await t.app.inject({
    method: 'POST',
    url: `${API}/v2/chat/token`,
    headers,
    payload: body,
    remoteAddress: nextAddress(),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { ...reply.json(), cookie: reply.cookies.find((cookie) => cookie.name === 'anxin_chat') };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const send = (headers: Headers, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/v2/chat/messages`,
    headers,
    payload: { clientId: randomUUID(), ...body },
  });
const text = (headers: Headers, words: string) => send(headers, { kind: 'text', text: words });
const history = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `${API}/v2/chat/messages${query}`, headers });

describe('the chat token', () => {
  it('opens the window with the member’s name, member id, the page (its path only) and a 5-minute token', async () => {
    const { member, headers } = await t.createSignedInMember({ nickname: '咨询会员' });
    const session = await openWindow(headers, {
      pageUrl: 'https://evil.example/user/order?x=1',
      productCode: '1000101',
    });
    expect(session).toMatchObject({
      expiresIn: 300,
      party: { kind: 'member', memberId: member.id, name: '咨询会员' },
      pageUrl: '/user/order?x=1',
      conversation: null,
      unread: 0,
    });
    expect((await history(bearer(session.token))).statusCode).toBe(200);
    t.clock.advanceMinutes(6);
    const expired = await history(bearer(session.token));
    expect(expired.statusCode).toBe(401);
    t.clock.advanceMinutes(-6);
  });

  it('keeps an order code only when the order is the member’s own', async () => {
    const owner = await memberWithOrder(t);
    const other = await t.createSignedInMember();
    const session = await openWindow(other.headers, { pageUrl: '/x', ordersCode: owner.order.ordersCode });
    await text(bearer(session.token), '你好');
    const [row] = await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, other.member.id));
    expect(row?.ordersCode).toBeNull();
    const own = await openWindow(owner.headers, { pageUrl: '/x', ordersCode: owner.order.ordersCode });
    await text(bearer(own.token), '我的订单什么时候发货');
    const [mine] = await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, owner.member.id));
    expect(mine?.ordersCode).toBe(owner.order.ordersCode);
  });
});

describe('sending and paging', () => {
  it('stores text as text (HTML stays characters), answers the same message for a resend, pages newest last', async () => {
    const { headers } = await t.createSignedInMember();
    const session = await openWindow(headers);
    const chat = bearer(session.token);
    const html = '<img src=x onerror="alert(1)"> <b>粗体</b> 😀';
    const first = await send(chat, { clientId: 'client-0001', kind: 'text', text: `  ${html}  ` });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toMatchObject({ sender: 'member', kind: 'text', text: html, clientId: 'client-0001' });
    const again = await send(chat, { clientId: 'client-0001', kind: 'text', text: html });
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.json().message.id);

    for (let index = 1; index <= CHAT_PAGE_SIZE + 4; index++) {
      t.clock.advance(4_000);
      expect((await text(chat, `第${index}条`)).statusCode).toBe(201);
    }
    const latest = (await history(chat)).json();
    expect(latest.content).toHaveLength(CHAT_PAGE_SIZE);
    expect(latest.hasMore).toBe(true);
    expect(latest.content.at(-1).text).toBe(`第${CHAT_PAGE_SIZE + 4}条`);
    const ids = latest.content.map((message: ChatMessage) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const older = (await history(chat, `?before=${ids[0]}`)).json();
    expect(older.hasMore).toBe(false);
    expect(older.content.map((message: ChatMessage) => message.text)).toEqual([
      html,
      '第1条',
      '第2条',
      '第3条',
      '第4条',
    ]);
    // The member's own access token reads the same history (another device, no window open).
    expect((await history(headers)).json().content.at(-1).id).toBe(ids.at(-1));
  });

  it.each([
    ['empty', '   ', MSG.chatTextEmpty],
    ['501 characters', '药'.repeat(501), MSG.chatTextTooLong],
    ['a control character', '你好\u0007', MSG.chatTextInvalid],
  ])('refuses %s with a Chinese message and stores nothing', async (_case, words, message) => {
    const { member, headers } = await t.createSignedInMember();
    const reply = await text(headers, words);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, member.id))).toHaveLength(
      0,
    );
  });

  it('takes 500 characters, an emoji counting as one', async () => {
    const { headers } = await t.createSignedInMember();
    expect((await text(headers, '😀'.repeat(500))).statusCode).toBe(201);
  });

  it('lets a member send 20 messages a minute, then says so in Chinese', async () => {
    const { headers } = await t.createSignedInMember();
    for (let index = 0; index < 20; index++) expect((await text(headers, `消息${index}`)).statusCode).toBe(201);
    const refused = await text(headers, '第21条');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.chatSendLimit);
    t.clock.advanceMinutes(1);
    expect((await text(headers, '一分钟后')).statusCode).toBe(201);
  });

  it('sends only the member’s own uploads and orders', async () => {
    const owner = await memberWithOrder(t);
    const other = await memberWithOrder(t);
    const now = t.clock.now();
    const upload = { module: 'private', contentType: 'image/png', byteSize: 10, width: 1, height: 1, createdAt: now };
    await t.db.insert(uploads).values([
      { ...upload, name: `${randomUUID()}.png`, memberId: owner.member.id },
      { ...upload, name: `${randomUUID()}.png`, memberId: other.member.id },
    ]);
    const names = await t.db.select().from(uploads).where(eq(uploads.memberId, owner.member.id));
    const others = await t.db.select().from(uploads).where(eq(uploads.memberId, other.member.id));

    const picture = await send(owner.headers, { kind: 'image', image: names[0]?.name });
    expect(picture.statusCode, picture.body).toBe(201);
    expect(picture.json().message.imageUrl).toMatch(/^\/web-gateway\/v2\/upload\/private\/.+\?exp=\d+&sig=/);
    const card = await send(owner.headers, { kind: 'order', ordersCode: owner.order.ordersCode });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().message.order).toMatchObject({ ordersCode: owner.order.ordersCode, statusName: '待付款' });

    const notOwnPicture = await send(owner.headers, { kind: 'image', image: others[0]?.name });
    expect([notOwnPicture.statusCode, notOwnPicture.json().message]).toEqual([400, MSG.chatImageNotOwn]);
    const notOwnOrder = await send(owner.headers, { kind: 'order', ordersCode: other.order.ordersCode });
    expect([notOwnOrder.statusCode, notOwnOrder.json().message]).toEqual([400, MSG.chatOrderNotOwn]);
  });
});

describe('another member’s conversation', () => {
  it('is 404 for reading, marking read and rating, through a chat token or an access token', async () => {
    const owner = await t.createSignedInMember();
    const sent = (await text(owner.headers, '只给客服看')).json().message as ChatMessage;
    const intruder = await t.createSignedInMember();
    const session = await openWindow(intruder.headers);
    for (const headers of [intruder.headers, bearer(session.token)]) {
      const id = sent.conversationId;
      const calls = [
        t.app.inject({ method: 'GET', url: `${API}/v2/chat/conversations/${id}/messages`, headers }),
        t.app.inject({
          method: 'POST',
          url: `${API}/v2/chat/conversations/${id}/read`,
          headers,
          payload: { upTo: sent.id },
        }),
        t.app.inject({
          method: 'POST',
          url: `${API}/v2/chat/conversations/${id}/rating`,
          headers,
          payload: { rating: 'good' },
        }),
      ];
      for (const reply of await Promise.all(calls))
        expect([reply.statusCode, reply.json().message]).toEqual([404, MSG.notFound]);
    }
    expect((await history(intruder.headers)).json().content).toEqual([]);
    const own = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/chat/conversations/${sent.conversationId}/messages`,
      headers: owner.headers,
    });
    expect(own.json().content.map((message: ChatMessage) => message.text)).toEqual(['只给客服看']);
  });

  it('is 401 without a token', async () => {
    expect((await history({})).statusCode).toBe(401);
    expect((await text({}, '你好')).statusCode).toBe(401);
  });
});

describe('a visitor', () => {
  it('chats by the browser cookie, may not attach, and the conversation joins the member’s history at sign-in', async () => {
    const visitor = await openWindow({}, { pageUrl: '/product/1000101', productCode: '1000101' });
    expect(visitor.party).toEqual({ kind: 'visitor', memberId: null, name: '访客' });
    expect(visitor.cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/web-gateway/v2/chat' });
    const chat = bearer(visitor.token);
    expect((await text(chat, '这个药孕妇能吃吗')).statusCode).toBe(201);
    const attach = await send(chat, { kind: 'order', ordersCode: 'AX2026' });
    expect([attach.statusCode, attach.json().message]).toEqual([400, MSG.chatSignInToAttach]);
    // The same browser opens the window again: the same conversation.
    const cookie = { cookie: `anxin_chat=${visitor.cookie.value}` };
    const again = await openWindow(cookie, { pageUrl: '/cart' });
    expect(again.conversation.id).toBe(visitor.conversation?.id ?? again.conversation.id);
    expect((await history(bearer(again.token))).json().content.map((m: ChatMessage) => m.text)).toEqual([
      '这个药孕妇能吃吗',
    ]);

    const { headers } = await t.createSignedInMember();
    const signedIn = await openWindow({ ...headers, ...cookie });
    expect(signedIn.party.kind).toBe('member');
    expect((await history(headers)).json().content.map((m: ChatMessage) => m.text)).toEqual(['这个药孕妇能吃吗']);
    // The visitor's token no longer opens what is now the member's.
    expect((await history(bearer(again.token))).json().content).toEqual([]);
  });
});
