import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@anxin/shared/chat/chat.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, orders } from '../../db/schema.ts';
import { runOpsCommand } from '../../ops/commands.ts';
import { sha256 } from '../../platform/crypto.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { guestPayLinks } from '../guest-pay/guest-pay.module.ts';

// Who chats without signing in (docs/CHAT.md): a guest by the guest payment link's key, a visitor by the
// browser's cookie; both join the member's history once the member signs in.

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
const nextAddress = () => `10.32.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const openWindowReply = (headers: Headers, body: object) =>
  t.app.inject({ method: 'POST', url: `${API}/v2/chat/token`, headers, payload: body, remoteAddress: nextAddress() });
async function openWindow(headers: Headers, body: object) {
  const reply = await openWindowReply(headers, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return { ...reply.json(), cookie: reply.cookies.find((cookie) => cookie.name === 'anxin_chat') };
}
async function ask(headers: Headers, text: string) {
  const reply = await t.app.inject({
    method: 'POST',
    url: `${API}/v2/chat/messages`,
    headers,
    payload: { clientId: randomUUID(), kind: 'text', text },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().message as ChatMessage;
}
const textsOf = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: `${API}/v2/chat/messages`, headers }))
    .json()
    .content.map((message: ChatMessage) => message.text);
const unreadOf = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: `${API}/v2/chat/unread`, headers })).json().count;

/** Agents answer in service hours: 10:00 China time of the clock's day or the next. */
function moveIntoServiceHours() {
  const chinaMinute = Math.floor((t.clock.now().getTime() / 60_000 + 8 * 60) % (24 * 60));
  t.clock.advanceMinutes((10 * 60 - chinaMinute + 24 * 60) % (24 * 60));
}

/** Customer service's guest order for a new phone (npm run ops -- guest-order): the link's key and its order. */
async function guestLink() {
  const made = await runOpsCommand({ ...t.opsDeps(), publicOrigin: 'https://www.anxin.example' }, [
    'guest-order',
    uniquePhone(),
    '1000101',
    '--address',
    '广东省 深圳市 南山区 科技园路1号',
    '--name',
    '王小明',
  ]);
  expect(made.ok, made.lines.join('\n')).toBe(true);
  const key = new URL(made.lines[1] as string).searchParams.get('key') as string;
  const [link] = await t.db
    .select()
    .from(guestPayLinks)
    .where(eq(guestPayLinks.keyHash, sha256(key)));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, link!.orderId));
  return { key, link: link!, order: order! };
}

describe('a guest of a guest payment link', () => {
  it('chats by the link’s key about its order, from any browser, until the order’s member signs in', async () => {
    const guest = await guestLink();
    const session = await openWindow({}, { pageUrl: `/m/payJianke/entry?key=${guest.key}`, guestKey: guest.key });
    expect(session.party).toEqual({ kind: 'guest', memberId: null, name: '访客' });
    // Bound to the link, not to the browser: no cookie.
    expect(session.cookie).toBeUndefined();
    const asked = await ask(bearer(session.token), '货到付款可以刷卡吗');
    const [row] = await t.db.select().from(chatConversations).where(eq(chatConversations.id, asked.conversationId));
    expect(row).toMatchObject({ guestLinkId: guest.link.id, memberId: null, ordersCode: guest.order.ordersCode });

    // The same link on another device: the same conversation.
    const elsewhere = await openWindow({}, { pageUrl: '/payJianke/entry', guestKey: guest.key });
    expect(elsewhere.conversation?.id).toBe(asked.conversationId);
    expect(await textsOf(bearer(elsewhere.token))).toEqual(['货到付款可以刷卡吗']);

    // Another member signing in with the key in the address claims nothing.
    const stranger = await t.createSignedInMember();
    await openWindow(stranger.headers, { pageUrl: '/payJianke/messagePayment', guestKey: guest.key });
    expect(await textsOf(stranger.headers)).toEqual([]);
    expect(await textsOf(bearer(elsewhere.token))).toEqual(['货到付款可以刷卡吗']);

    // The order's member signs in (the pay page): the guest's conversation is theirs, the key's token sees nothing.
    const owner = { authorization: (await t.signIn(guest.order.memberId)).authorization };
    const signedIn = await openWindow(owner, { pageUrl: '/payJianke/messagePayment', guestKey: guest.key });
    expect(signedIn.party).toMatchObject({ kind: 'member', memberId: guest.order.memberId });
    expect(signedIn.conversation?.id).toBe(asked.conversationId);
    expect(await textsOf(owner)).toEqual(['货到付款可以刷卡吗']);
    expect(await textsOf(bearer(elsewhere.token))).toEqual([]);
  });

  it('gives the signed-in member on the guest pages the link’s order as context, only when the order is theirs', async () => {
    const guest = await guestLink();
    const owner = { authorization: (await t.signIn(guest.order.memberId)).authorization };
    const own = await openWindow(owner, { pageUrl: '/payJianke/messagePayment', guestKey: guest.key });
    const asked = await ask(bearer(own.token), '什么时候发货');
    const [row] = await t.db.select().from(chatConversations).where(eq(chatConversations.id, asked.conversationId));
    expect(row?.ordersCode).toBe(guest.order.ordersCode);

    const stranger = await t.createSignedInMember();
    const other = await openWindow(stranger.headers, { pageUrl: '/payJianke/messagePayment', guestKey: guest.key });
    const strangers = await ask(bearer(other.token), '我也问问');
    const [theirs] = await t.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, strangers.conversationId));
    expect(theirs?.ordersCode).toBeNull();
  });

  it('keeps the page without the link’s key: what the agent sees opens nothing', async () => {
    const guest = await guestLink();
    const page = `/m/payJianke/messagePayment?key=${guest.key}&consigneePhone=${guest.link.phone}&from=sms`;
    const session = await openWindow({}, { pageUrl: page, guestKey: guest.key });
    expect(session.pageUrl).toBe(`/m/payJianke/messagePayment?consigneePhone=${guest.link.phone}&from=sms`);
    const completeLink = await openWindow({}, { pageUrl: `/user/patientInfo/complete?useKey=${'B'.repeat(43)}` });
    expect(completeLink.pageUrl).toBe('/user/patientInfo/complete');
  });

  it('is refused for an unknown link or one past its 7 days, changing nothing', async () => {
    const unknown = await openWindowReply({}, { pageUrl: '/payJianke/entry', guestKey: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    const guest = await guestLink();
    // A link lives 7 days (the guest order detail's window), past its bind window too: a guest sent to /timeout
    // may still ask about the order by its key.
    t.clock.advanceMinutes(25 * 60);
    expect((await openWindowReply({}, { pageUrl: '/timeout', guestKey: guest.key })).statusCode).toBe(200);
    t.clock.advanceMinutes(7 * 24 * 60);
    const ended = await openWindowReply({}, { pageUrl: '/timeout', guestKey: guest.key });
    t.clock.advanceMinutes(-(7 * 24 + 25) * 60);
    expect(ended.statusCode).toBe(404);
    expect(await t.db.select().from(chatConversations).where(eq(chatConversations.guestLinkId, guest.link.id))).toEqual(
      [],
    );
  });
});

describe('a visitor who signs in', () => {
  it('sees the answers to what they asked as a visitor in the badge at once, before opening the window', async () => {
    moveIntoServiceHours();
    const visitor = await openWindow({}, { pageUrl: '/' });
    const asked = await ask(bearer(visitor.token), '你们周末发货吗');
    const { headers: agent } = await t.signedInStaff(['service']);
    const conversation = `${API}/admin/chat/conversations/${asked.conversationId}`;
    expect((await t.app.inject({ method: 'POST', url: `${conversation}/take`, headers: agent })).statusCode).toBe(200);
    const answered = await t.app.inject({
      method: 'POST',
      url: `${conversation}/messages`,
      headers: agent,
      payload: { clientId: randomUUID(), text: '周末照常发货' },
    });
    expect(answered.statusCode, answered.body).toBe(201);

    const { headers } = await t.createSignedInMember();
    expect(await unreadOf(headers)).toBe(0);
    const cookie = { cookie: `anxin_chat=${visitor.cookie.value}` };
    expect(await unreadOf({ ...headers, ...cookie })).toBe(1);
    expect(await textsOf(headers)).toEqual(['你们周末发货吗', '周末照常发货']);
    // A visitor (another browser) holding the cookie claims nothing: only a member does.
    const other = await openWindow({}, { pageUrl: '/' });
    expect(await unreadOf({ ...bearer(other.token), ...cookie })).toBe(0);
  });
});
