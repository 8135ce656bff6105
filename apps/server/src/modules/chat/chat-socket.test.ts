import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, ChatServerFrame } from '@anxin/shared/chat/chat.contract';
import { MSG } from '@anxin/shared/common/messages';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { runOpsCommand } from '../../ops/commands.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { privateUrlSigner } from '../uploads/uploads.module.ts';
import { type ChatAgent, createChatService } from './chat.service.ts';
import { createChatHub } from './chat-hub.ts';
import { partyKeyOf } from './chat-party.ts';

const API = '/web-gateway';
const AGENT: ChatAgent = { id: 9001, name: '客服小安', queues: ['service'] };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The agent's side as the console will call it (module staff gives the agent; here a fixed one). */
const agentChat = () =>
  createChatService({
    db: t.db,
    clock: t.clock,
    sms: t.app.services.sms,
    log: t.app.log,
    signer: privateUrlSigner(t.app.services.secrets.fieldKey),
    filesPrefix: '/web-gateway/files/',
  });

const origins = new Map<FastifyInstance, string>();
async function originOf(app: FastifyInstance) {
  if (!origins.has(app)) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    origins.set(app, `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  return origins.get(app) as string;
}

/** A window's socket and every frame it received. */
async function connect(app: FastifyInstance, token: string, after?: number) {
  const query = `token=${encodeURIComponent(token)}${after === undefined ? '' : `&after=${after}`}`;
  const socket = new WebSocket(`${await originOf(app)}${API}/v2/chat/socket?${query}`);
  const frames: ChatServerFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await once(socket, 'open');
  const messages = () => frames.flatMap((frame) => (frame.type === 'message' ? [frame.message as ChatMessage] : []));
  return {
    socket,
    frames,
    messages,
    texts: () => messages().map((message) => message.text),
    send: (message: object) =>
      socket.send(JSON.stringify({ type: 'send', message: { clientId: randomUUID(), ...message } })),
    async close() {
      socket.close();
      await once(socket, 'close');
    },
  };
}

async function windowOf(app: FastifyInstance, headers: Record<string, string>) {
  const reply = await app.inject({
    method: 'POST',
    url: `${API}/v2/chat/token`,
    headers,
    payload: { pageUrl: '/user/order' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}
const sendOverHttp = (app: FastifyInstance, headers: Record<string, string>, text: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/v2/chat/messages`,
    headers,
    payload: { clientId: randomUUID(), kind: 'text', text },
  });

/** Agents answer in service hours: 10:00 China time of the clock's day or the next. */
function moveIntoServiceHours() {
  const now = t.clock.now();
  const chinaMinute = Math.floor((now.getTime() / 60_000 + 8 * 60) % (24 * 60));
  t.clock.advanceMinutes((10 * 60 - chinaMinute + 24 * 60) % (24 * 60));
}

describe('the socket', () => {
  it('refuses a missing or forged token before the upgrade', async () => {
    const origin = await originOf(t.app);
    const socket = new WebSocket(`${origin}${API}/v2/chat/socket?token=forged`);
    const [, response] = (await once(socket, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(401);
  });

  it('pushes the member’s messages in the order they were stored, sent by socket and by HTTP', async () => {
    const { headers } = await t.createSignedInMember();
    const window = await windowOf(t.app, headers);
    const live = await connect(t.app, window.token, 0);
    for (let index = 1; index <= 6; index++) {
      if (index % 2) live.send({ kind: 'text', text: `第${index}条` });
      else await sendOverHttp(t.app, headers, `第${index}条`);
      await expect.poll(() => live.messages().length).toBe(index);
    }
    expect(live.texts()).toEqual(['第1条', '第2条', '第3条', '第4条', '第5条', '第6条']);
    const ids = live.messages().map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await live.close();
  });

  it('answers a bad frame and a refused message with a Chinese error naming the client id', async () => {
    const { headers } = await t.createSignedInMember();
    const live = await connect(t.app, (await windowOf(t.app, headers)).token, 0);
    live.socket.send('not json');
    live.send({ clientId: 'too-long-0001', kind: 'text', text: '药'.repeat(501) });
    live.send({ clientId: 'not-mine-0001', kind: 'order', ordersCode: 'AX20260101000000' });
    await expect.poll(() => live.frames.filter((frame) => frame.type === 'error').length).toBe(3);
    expect(live.frames.filter((frame) => frame.type === 'error')).toEqual([
      { type: 'error', clientId: null, code: 'VALIDATION_FAILED', message: MSG.badRequest },
      { type: 'error', clientId: 'too-long-0001', code: 'VALIDATION_FAILED', message: MSG.chatTextTooLong },
      { type: 'error', clientId: 'not-mine-0001', code: 'VALIDATION_FAILED', message: MSG.chatOrderNotOwn },
    ]);
    await live.close();
  });

  it('replays after a reconnect what the window missed, with no loss and no duplicate', async () => {
    moveIntoServiceHours();
    const { headers } = await t.createSignedInMember();
    const window = await windowOf(t.app, headers);
    const first = await connect(t.app, window.token, 0);
    first.send({ kind: 'text', text: '一' });
    first.send({ kind: 'text', text: '二' });
    await expect.poll(() => first.messages().length).toBe(2);
    const lastSeen = first.messages()[1] as ChatMessage;
    await first.close();

    // While the window is away: the agent answers, the member writes from another device.
    const chat = agentChat();
    await chat.take(AGENT, lastSeen.conversationId);
    await chat.answer(AGENT, lastSeen.conversationId, { clientId: randomUUID(), text: '您好，请问有什么可以帮您' });
    await sendOverHttp(t.app, headers, '三');

    const second = await connect(t.app, window.token, lastSeen.id);
    await expect.poll(() => second.texts()).toEqual(['您好，请问有什么可以帮您', '三']);
    second.send({ kind: 'text', text: '四' });
    await chat.answer(AGENT, lastSeen.conversationId, { clientId: randomUUID(), text: '好的' });
    await expect.poll(() => second.messages().length).toBe(4);
    expect(second.texts().sort()).toEqual(['三', '四', '好的', '您好，请问有什么可以帮您'].sort());
    const ids = second.messages().map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // A resend of a message the window never saw acknowledged is the same message, not a second one.
    const resent = second.messages().find((message) => message.text === '四') as ChatMessage;
    second.send({ clientId: resent.clientId, kind: 'text', text: '四' });
    await sendOverHttp(t.app, headers, '五');
    await expect.poll(() => second.texts().at(-1)).toBe('五');
    expect(second.texts().filter((text) => text === '四')).toHaveLength(1);
    await second.close();
  });

  it('marks an answer delivered when the member’s socket got it, and read when the window says so', async () => {
    moveIntoServiceHours();
    const { headers } = await t.createSignedInMember();
    const window = await windowOf(t.app, headers);
    const live = await connect(t.app, window.token, 0);
    live.send({ kind: 'text', text: '在吗' });
    await expect.poll(() => live.messages().length).toBe(1);
    const conversationId = (live.messages()[0] as ChatMessage).conversationId;
    const chat = agentChat();
    await chat.take(AGENT, conversationId);
    const answer = await chat.answer(AGENT, conversationId, { clientId: randomUUID(), text: '在的' });
    await expect.poll(async () => (await chat.conversationById(conversationId))?.memberDeliveredId).toBe(answer.id);
    expect((await chat.conversationById(conversationId))?.memberReadId).toBeLessThan(answer.id);
    live.socket.send(JSON.stringify({ type: 'read', conversationId, upTo: answer.id }));
    await expect.poll(async () => (await chat.conversationById(conversationId))?.memberReadId).toBe(answer.id);
    await expect
      .poll(() =>
        live.frames.some((frame) => frame.type === 'conversation' && frame.conversation.memberReadId === answer.id),
      )
      .toBe(true);
    await live.close();
  });
});

describe('the hub', () => {
  it('reads the conversation of an event once for every socket that hears it, and hands on events in order', async () => {
    const chat = agentChat();
    const reads: number[][] = [];
    const hub = createChatHub({
      listen: t.app.services.listen,
      readConversations: (ids) => {
        reads.push(ids);
        return chat.conversationsByIds(ids);
      },
      log: t.app.log,
    });
    await hub.start();
    try {
      const { member } = await t.createSignedInMember();
      const party = { kind: 'member', memberId: member.id } as const;
      const heard = Array.from({ length: 20 }, () => [] as { kind: string; status?: string; delivered?: number }[]);
      for (const [index, events] of heard.entries())
        hub.add({
          ...(index === 0 ? { partyKey: partyKeyOf(party) } : {}),
          onEvent: (event, row) =>
            events.push({ kind: event.k, status: row?.status, delivered: row?.agentDeliveredId }),
          catchUp: () => undefined,
        });
      const { message } = await chat.send(
        party,
        { pageUrl: '/' },
        { clientId: randomUUID(), kind: 'text', text: '在吗' },
      );
      await expect.poll(() => heard.every((events) => events.length === 1)).toBe(true);
      expect(reads).toEqual([[message.conversationId]]);
      await chat.take(AGENT, message.conversationId);
      await chat.markDelivered('agent', message.conversationId, message.id);
      await expect.poll(() => heard.every((events) => events.length === 3)).toBe(true);
      for (const events of heard)
        expect(events).toEqual([
          { kind: 'message', status: 'waiting', delivered: 0 },
          { kind: 'conversation', status: 'assigned', delivered: expect.any(Number) },
          { kind: 'conversation', status: 'assigned', delivered: message.id },
        ]);
      expect(reads.length).toBeLessThanOrEqual(3);
    } finally {
      await hub.close();
    }
  });
});

describe('an answer to a member who is offline', () => {
  it('leaves an unread count and texts the member, at most once an hour per conversation', async () => {
    moveIntoServiceHours();
    const { member, headers } = await t.createSignedInMember();
    const sent = (await sendOverHttp(t.app, headers, '药什么时候到')).json().message as ChatMessage;
    const chat = agentChat();
    await chat.take(AGENT, sent.conversationId);
    const texts = () =>
      t.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, member.phone as string))
        .orderBy(desc(smsOutbox.createdAt));

    await chat.answer(AGENT, sent.conversationId, { clientId: randomUUID(), text: '今天发货' });
    await chat.answer(AGENT, sent.conversationId, { clientId: randomUUID(), text: '明天到' });
    expect((await texts()).map((row) => row.content)).toEqual([expect.stringContaining('客服已回复您的咨询')]);
    const unread = await t.app.inject({ method: 'GET', url: `${API}/v2/chat/unread`, headers });
    expect(unread.json()).toEqual({ count: 2 });
    expect((await windowOf(t.app, headers)).unread).toBe(2);

    t.clock.advanceMinutes(61);
    await chat.answer(AGENT, sent.conversationId, { clientId: randomUUID(), text: '已发货' });
    expect(await texts()).toHaveLength(2);

    // Online (a window open), nobody is texted.
    t.clock.advanceMinutes(61);
    const { authorization } = await t.signIn(member.id);
    const live = await connect(t.app, (await windowOf(t.app, { authorization })).token, 0);
    await expect.poll(() => live.messages().length).toBe(4);
    await chat.answer(AGENT, sent.conversationId, { clientId: randomUUID(), text: '请查收' });
    await expect.poll(() => live.texts().at(-1)).toBe('请查收');
    expect(await texts()).toHaveLength(2);
    await live.close();
  });
});

describe('outside service hours', () => {
  it('keeps the message and says when agents are back', async () => {
    moveIntoServiceHours();
    t.clock.advanceMinutes(14 * 60); // 00:00 China time
    const { headers } = await t.createSignedInMember();
    const window = await windowOf(t.app, headers);
    expect(window.service).toMatchObject({ isOpen: false, backAt: '08:00', hours: '08:00-23:00' });
    const reply = await sendOverHttp(t.app, headers, '半夜咨询');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().notice).toBe(
      '现在是非工作时间（客服工作时间08:00-23:00），客服将于08:00上线后回复您，您的消息已保留',
    );
    const live = await connect(t.app, window.token, 0);
    live.send({ kind: 'text', text: '还在吗' });
    await expect.poll(() => live.frames.find((frame) => frame.type === 'notice')).toMatchObject({ type: 'notice' });
    expect(live.texts()).toEqual(['半夜咨询', '还在吗']);
    await live.close();
  });
});

describe('the service hours of the mall configuration', () => {
  it('are the operator’s: the window says when agents are back by them, a malformed value is refused', async () => {
    const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), ['mall-config', ...argv]);
    const set = await ops('mall-global.serviceHours=09:00-18:00');
    expect(set.ok, set.lines.join('\n')).toBe(true);
    moveIntoServiceHours();
    t.clock.advanceMinutes(-90); // 08:30 China time
    const { member, headers } = await t.createSignedInMember();
    expect((await windowOf(t.app, headers)).service).toMatchObject({
      isOpen: false,
      backAt: '09:00',
      hours: '09:00-18:00',
    });
    const signedIn = async () => ({ authorization: (await t.signIn(member.id)).authorization });
    t.clock.advanceMinutes(60); // 09:30
    expect((await windowOf(t.app, await signedIn())).service).toMatchObject({
      isOpen: true,
      backAt: null,
      notice: null,
    });
    t.clock.advanceMinutes(9 * 60); // 18:30
    expect((await windowOf(t.app, await signedIn())).service).toMatchObject({ isOpen: false, backAt: '明天09:00' });
    for (const bad of ['9:00-18:00', '18:00-09:00', '09:00', '24:00-25:00']) {
      const refused = await ops(`mall-global.serviceHours=${bad}`);
      expect(refused.ok, bad).toBe(false);
      expect(refused.lines.join('\n')).toContain(MSG.mallServiceHoursInvalid);
    }
    expect((await ops('mall-global.serviceHours=08:00-23:00')).ok).toBe(true);
  });
});

describe('two server processes on one database', () => {
  it('deliver each other’s messages: the member on one, the agent and another device on the other', async () => {
    moveIntoServiceHours();
    const peer = await t.buildPeer();
    const { headers } = await t.createSignedInMember();
    const window = await windowOf(t.app, headers);
    const onFirst = await connect(t.app, window.token, 0);
    const onPeer = await connect(peer, (await windowOf(peer, headers)).token, 0);

    onFirst.send({ kind: 'text', text: '我在第一台服务器' });
    await expect.poll(() => onPeer.texts()).toEqual(['我在第一台服务器']);
    await sendOverHttp(peer, headers, '我在第二台服务器');
    await expect.poll(() => onFirst.texts()).toEqual(['我在第一台服务器', '我在第二台服务器']);

    // The agent works on the other server through the console's routes: their answer is written by that
    // server and reaches the member's socket on the first through PostgreSQL (LISTEN/NOTIFY).
    const conversationId = (onFirst.messages()[0] as ChatMessage).conversationId;
    const agent = await t.signedInStaff(['service']);
    const asAgent = (path: string, payload: object = {}) =>
      peer.inject({
        method: 'POST',
        url: `${API}/admin/chat/conversations/${conversationId}${path}`,
        headers: agent.headers,
        payload,
      });
    expect((await asAgent('/take')).statusCode).toBe(200);
    const answered = await asAgent('/messages', { clientId: randomUUID(), text: '第二台服务器的客服回复' });
    expect(answered.statusCode, answered.body).toBe(201);
    await expect.poll(() => onFirst.texts().at(-1)).toBe('第二台服务器的客服回复');
    expect(onFirst.messages().at(-1)).toMatchObject({ sender: 'agent', agentName: agent.staff.displayName });
    await onFirst.close();
    await onPeer.close();
  });
});
