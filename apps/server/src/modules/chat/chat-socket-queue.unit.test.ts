import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { ChatMessageRow } from './chat.schema.ts';
import type { ChatEvent, ChatService } from './chat.service.ts';
import type { ChatHub, ChatSubscriber } from './chat-hub.ts';
import { serveAgentSocket, serveMemberSocket } from './chat-socket.ts';

// Under load the events of a conversation come faster than a socket's reads: each event queued its own read,
// and the queues held the server's memory until it ran out (npm run bench:chat at 500 a second). Events that
// come while a conversation's read waits now join it. These tests hold the first read back, announce a burst,
// and count the reads: without the joining, one per event.

const CONVERSATION = 7;
const BURST = 30;

function harness() {
  const stored: ChatMessageRow[] = [];
  const reads: number[] = [];
  let releaseFirstRead: () => void = () => undefined;
  const firstReadHeld = new Promise<void>((resolve) => {
    releaseFirstRead = resolve;
  });
  const chat = {
    async messagesAfter(_scope: unknown, afterId: number) {
      reads.push(afterId);
      if (reads.length === 1) await firstReadHeld;
      return stored.filter((row) => row.id > afterId);
    },
    toMessage: (row: ChatMessageRow) => ({ id: row.id }),
    toConversation: (row: { id: number }) => ({ id: row.id }),
    markDelivered: async () => undefined,
    touchPresence: async () => undefined,
    dropPresence: async () => undefined,
  } as unknown as ChatService;
  let subscriber: ChatSubscriber | undefined;
  const hub = {
    add: (added: ChatSubscriber) => {
      subscriber = added;
    },
    remove: () => undefined,
    isClosed: () => false,
  } as unknown as ChatHub;
  const frames: { type: string; message?: { id: number } }[] = [];
  const socket = Object.assign(new EventEmitter(), {
    send: (text: string) => frames.push(JSON.parse(text)),
    ping: () => undefined,
    terminate: () => undefined,
  }) as unknown as WebSocket;
  const log = { error: () => undefined } as unknown as FastifyBaseLogger;
  const announce = (id: number, sender: 'member' | 'agent') => {
    stored.push({ id, conversationId: CONVERSATION, sender } as ChatMessageRow);
    const event: ChatEvent = { c: CONVERSATION, p: 'm:1', k: 'message' };
    subscriber?.onEvent(event, { id: CONVERSATION, status: 'assigned', agentId: 1, queue: 'service' } as never);
  };
  return { chat, hub, socket, log, frames, reads, announce, releaseFirstRead };
}

describe('a socket under a burst of one conversation’s messages', () => {
  it('member: one read waits for the burst, and every message is sent once, in order', async () => {
    const h = harness();
    serveMemberSocket(
      h.socket,
      { party: { kind: 'member', memberId: 1 }, context: { pageUrl: '/' }, after: 0 },
      { chat: h.chat, hub: h.hub, log: h.log },
    );
    await expect.poll(() => h.reads.length).toBe(1);
    for (let id = 1; id <= BURST; id++) h.announce(id, 'agent');
    h.releaseFirstRead();
    await expect.poll(() => h.frames.filter((frame) => frame.type === 'message').length).toBe(BURST);
    expect(h.frames.map((frame) => frame.message?.id)).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
    // The replay on opening (held), then one read for the whole burst.
    expect(h.reads.length).toBe(2);
  });

  it('agent: the burst is one task of the conversation, its messages sent once, in order', async () => {
    const h = harness();
    serveAgentSocket(
      h.socket,
      { agent: { id: 1, name: '小安', queues: ['service'] } as never, after: 0 },
      { chat: h.chat, hub: h.hub, log: h.log },
    );
    for (let id = 1; id <= BURST; id++) h.announce(id, 'member');
    await expect.poll(() => h.reads.length).toBe(1);
    for (let id = BURST + 1; id <= 2 * BURST; id++) h.announce(id, 'member');
    h.releaseFirstRead();
    await expect.poll(() => h.frames.filter((frame) => frame.type === 'message').length).toBe(2 * BURST);
    expect(h.frames.filter((frame) => frame.type === 'message').map((frame) => frame.message?.id)).toEqual(
      Array.from({ length: 2 * BURST }, (_, i) => i + 1),
    );
    expect(h.reads.length).toBe(2);
  });
});
