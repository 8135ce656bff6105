import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { ChatInboxItem, ChatMessage, ChatServerFrame } from '@anxin/shared/chat/chat.contract';
import { MSG } from '@anxin/shared/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buyNow, memberWithOrder, placeOrderFor } from '../checkout/shop-fixtures.ts';

const API = '/web-gateway';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
const ask = async (headers: Headers, text: string) => {
  const reply = await call('POST', headers, '/v2/chat/messages', { clientId: randomUUID(), kind: 'text', text });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().message as ChatMessage;
};
const answer = (headers: Headers, id: number, text: string) =>
  call('POST', headers, `/admin/chat/conversations/${id}/messages`, { clientId: randomUUID(), text });
const inboxOf = async (headers: Headers) => (await call('GET', headers, '/admin/chat/inbox')).json() as ChatInboxItem[];

/** Agents answer in service hours: 10:00 China time of the clock's day or the next. */
function moveIntoServiceHours() {
  const chinaMinute = Math.floor((t.clock.now().getTime() / 60_000 + 8 * 60) % (24 * 60));
  t.clock.advanceMinutes((10 * 60 - chinaMinute + 24 * 60) % (24 * 60));
}

describe('the console’s chat routes', () => {
  it('need a staff token with chat.agent: 401 without one or with a member’s, 403 for a warehouse role', async () => {
    const { headers: member } = await t.createSignedInMember();
    const { headers: warehouse } = await t.signedInStaff(['warehouse']);
    expect((await call('GET', {}, '/admin/chat/inbox')).statusCode).toBe(401);
    expect((await call('GET', member, '/admin/chat/inbox')).statusCode).toBe(401);
    const refused = await call('GET', warehouse, '/admin/chat/inbox');
    expect([refused.statusCode, refused.json().message]).toEqual([403, MSG.staffForbidden]);
  });

  it('list the waiting member with the wait time; one agent takes it, answers, and the member reads the answer', async () => {
    moveIntoServiceHours();
    const { member, headers } = await t.createSignedInMember({ nickname: '问药的会员' });
    const asked = await ask(headers, '这个药饭前吃还是饭后吃');
    t.clock.advance(90_000);
    const { staff: kefu, headers: agent } = await t.signedInStaff(['service']);
    const { headers: other } = await t.signedInStaff(['service']);
    const waiting = (await inboxOf(agent)).find((item) => item.conversation.id === asked.conversationId);
    expect(waiting).toMatchObject({ partyName: '问药的会员', partyKind: 'member', waitSeconds: 90 });
    expect(waiting?.conversation.status).toBe('waiting');

    const taken = await call('POST', agent, `/admin/chat/conversations/${asked.conversationId}/take`);
    expect(taken.json()).toMatchObject({ status: 'assigned', agentName: kefu.displayName });
    const late = await call('POST', other, `/admin/chat/conversations/${asked.conversationId}/take`);
    expect([late.statusCode, late.json().message]).toEqual([409, MSG.chatTakenByOther]);
    expect((await answer(other, asked.conversationId, '我来回答')).statusCode).toBe(409);
    expect((await inboxOf(other)).some((item) => item.conversation.id === asked.conversationId)).toBe(false);

    const answered = await answer(agent, asked.conversationId, '<b>饭后</b>服用');
    expect(answered.statusCode, answered.body).toBe(201);
    const history = (await call('GET', headers, '/v2/chat/messages')).json();
    expect(history.content.at(-1)).toMatchObject({
      sender: 'agent',
      agentName: kefu.displayName,
      text: '<b>饭后</b>服用',
    });
    expect(history.conversation).toMatchObject({ status: 'assigned', agentName: kefu.displayName });
    const agentView = (await call('GET', agent, `/admin/chat/conversations/${asked.conversationId}/messages`)).json();
    expect(agentView.content.map((message: ChatMessage) => message.text)).toEqual([
      '这个药饭前吃还是饭后吃',
      '<b>饭后</b>服用',
    ]);
    expect(member.id).toBe(history.conversation && member.id);
  });

  it('show beside the conversation the member’s masked phone, the page and their last five orders', async () => {
    const buyer = await memberWithOrder(t);
    for (let index = 0; index < 5; index++) {
      const settlement = (await buyNow(t, buyer.headers, '1000101', 1)).json();
      t.clock.advance(1000);
      const placed = await placeOrderFor(t, buyer.headers, {
        settlementId: settlement.settlementId,
        addressId: buyer.address.id,
        paymentType: 99,
      });
      expect(placed.statusCode, placed.body).toBe(201);
    }
    const token = await call('POST', buyer.headers, '/v2/chat/token', {
      pageUrl: `/user/order/detail?ordersCode=${buyer.order.ordersCode}`,
      ordersCode: buyer.order.ordersCode,
    });
    const asked = await ask({ authorization: `Bearer ${token.json().token}` }, '订单什么时候发货');
    const { headers: agent } = await t.signedInStaff(['service']);
    const context = (await call('GET', agent, `/admin/chat/conversations/${asked.conversationId}`)).json();
    const phone = buyer.member.phone as string;
    expect(context.member).toEqual({
      id: buyer.member.id,
      nickname: buyer.member.nickname,
      maskedPhone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
    });
    expect(context.conversation).toMatchObject({
      pageUrl: `/user/order/detail?ordersCode=${buyer.order.ordersCode}`,
      ordersCode: buyer.order.ordersCode,
    });
    expect(context.orders).toHaveLength(5);
    expect(context.orders.map((order: { ordersCode: string }) => order.ordersCode)).not.toContain(
      buyer.order.ordersCode,
    );
    expect(context.orders[0]).toMatchObject({ statusName: '待付款', lineCount: 1 });
  });

  it('transfer to the pharmacists’ queue: a pharmacist answers in the same window, customer service no longer sees it', async () => {
    moveIntoServiceHours();
    const { headers } = await t.createSignedInMember();
    const asked = await ask(headers, '孕妇可以吃布洛芬吗');
    const { headers: agent } = await t.signedInStaff(['service']);
    const { staff: yaoshi, headers: pharmacist } = await t.signedInStaff(['pharmacist']);
    expect((await inboxOf(pharmacist)).some((item) => item.conversation.id === asked.conversationId)).toBe(false);
    await call('POST', agent, `/admin/chat/conversations/${asked.conversationId}/take`);
    const moved = await call('POST', agent, `/admin/chat/conversations/${asked.conversationId}/transfer`, {
      queue: 'pharmacist',
    });
    expect(moved.json()).toMatchObject({ status: 'waiting', queue: 'pharmacist', agentName: null });
    expect((await call('GET', agent, `/admin/chat/conversations/${asked.conversationId}/messages`)).statusCode).toBe(
      404,
    );
    expect((await inboxOf(pharmacist)).some((item) => item.conversation.id === asked.conversationId)).toBe(true);
    await call('POST', pharmacist, `/admin/chat/conversations/${asked.conversationId}/take`);
    expect((await answer(pharmacist, asked.conversationId, '孕晚期禁用，请咨询医生')).statusCode).toBe(201);
    const last = (await call('GET', headers, '/v2/chat/messages')).json().content.at(-1);
    expect(last).toMatchObject({ sender: 'agent', agentName: yaoshi.displayName });

    const bad = await call('POST', pharmacist, `/admin/chat/conversations/${asked.conversationId}/transfer`, {
      toStaffId: 999_999,
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, MSG.chatTransferTargetInvalid]);
    const { staff: kefu, headers: nextAgent } = await t.signedInStaff(['service']);
    const handed = await call('POST', pharmacist, `/admin/chat/conversations/${asked.conversationId}/transfer`, {
      toStaffId: kefu.id,
    });
    expect(handed.json()).toMatchObject({ status: 'assigned', agentName: kefu.displayName });
    expect((await answer(nextAgent, asked.conversationId, '还有其他问题吗')).statusCode).toBe(201);
  });

  it('close a conversation, which the member rates once and the agent sees rated; a new question starts a new conversation', async () => {
    moveIntoServiceHours();
    const { headers } = await t.createSignedInMember();
    const asked = await ask(headers, '谢谢');
    const { headers: agent } = await t.signedInStaff(['service']);
    await call('POST', agent, `/admin/chat/conversations/${asked.conversationId}/take`);
    const rate = (rating: string) =>
      call('POST', headers, `/v2/chat/conversations/${asked.conversationId}/rating`, { rating });
    const early = await rate('good');
    expect([early.statusCode, early.json().message]).toEqual([409, MSG.chatRateOnlyClosed]);
    const closed = await call('POST', agent, `/admin/chat/conversations/${asked.conversationId}/close`);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect((await rate('good')).statusCode).toBe(204);
    // The agent's view of the conversation shows the rating (满意).
    const seen = await call('GET', agent, `/admin/chat/conversations/${asked.conversationId}`);
    expect(seen.json().conversation).toMatchObject({ status: 'closed', rating: 'good' });
    const again = await rate('bad');
    expect([again.statusCode, again.json().message]).toEqual([409, MSG.chatAlreadyRated]);
    const next = await ask(headers, '新的问题');
    expect(next.conversationId).not.toBe(asked.conversationId);
  });
});

describe('the agent’s socket', () => {
  it('shows a new waiting conversation of the agent’s queue, then the messages of the one they hold, live', async () => {
    moveIntoServiceHours();
    const { headers: agent } = await t.signedInStaff(['service']);
    const { headers: warehouse } = await t.signedInStaff(['warehouse']);
    expect((await call('POST', warehouse, '/admin/chat/token')).statusCode).toBe(403);
    const { token } = (await call('POST', agent, '/admin/chat/token')).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const origin = `ws://127.0.0.1:${port}${API}`;

    const memberToken = (await call('POST', {}, '/v2/chat/token', { pageUrl: '/' })).json().token;
    const refused = new WebSocket(`${origin}/admin/chat/socket?token=${memberToken}`);
    const [, response] = (await once(refused, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(401);

    const socket = new WebSocket(`${origin}/admin/chat/socket?token=${token}`);
    const frames: ChatServerFrame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await once(socket, 'open');

    const { headers } = await t.createSignedInMember();
    const asked = await ask(headers, '有没有儿童退烧药');
    await expect
      .poll(() =>
        frames.some((frame) => frame.type === 'conversation' && frame.conversation.id === asked.conversationId),
      )
      .toBe(true);
    await call('POST', agent, `/admin/chat/conversations/${asked.conversationId}/take`);
    await ask(headers, '三岁的孩子');
    const texts = () => frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.text] : []));
    await expect.poll(texts).toEqual(['有没有儿童退烧药', '三岁的孩子']);
    await ask(headers, '38.5度');
    await expect.poll(texts).toEqual(['有没有儿童退烧药', '三岁的孩子', '38.5度']);
    socket.close();
    await once(socket, 'close');
  });
});

describe('quick replies', () => {
  it('are each agent’s own: kept, listed, removed; another’s is 404; the text rules and 50 at most', async () => {
    const { headers: agent } = await t.signedInStaff(['service']);
    const { headers: other } = await t.signedInStaff(['pharmacist']);
    const kept = await call('POST', agent, '/admin/chat/quick-replies', { text: '  您好，请问有什么可以帮您？ ' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().text).toBe('您好，请问有什么可以帮您？');
    expect((await call('GET', agent, '/admin/chat/quick-replies')).json()).toEqual([kept.json()]);
    expect((await call('GET', other, '/admin/chat/quick-replies')).json()).toEqual([]);
    const tooLong = await call('POST', agent, '/admin/chat/quick-replies', { text: '药'.repeat(501) });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, MSG.chatTextTooLong]);
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `${API}/admin/chat/quick-replies/${kept.json().id}`,
      headers: other,
    });
    expect(notTheirs.statusCode).toBe(404);
    for (let index = 1; index < 50; index++)
      expect((await call('POST', agent, '/admin/chat/quick-replies', { text: `回复${index}` })).statusCode).toBe(201);
    const over = await call('POST', agent, '/admin/chat/quick-replies', { text: '第51条' });
    expect([over.statusCode, over.json().message]).toEqual([409, MSG.chatQuickReplyLimit]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${API}/admin/chat/quick-replies/${kept.json().id}`,
      headers: agent,
    });
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', agent, '/admin/chat/quick-replies')).json()).toHaveLength(49);
  });
});
