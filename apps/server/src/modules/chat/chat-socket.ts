import { randomUUID } from 'node:crypto';
import { type ChatServerFrame, chatClientFrameSchema, chatSendSchema } from '@anxin/shared/chat/chat.contract';
import { MSG } from '@anxin/shared/common/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../platform/errors.ts';
import type { ConversationRow } from './chat.schema.ts';
import type { ChatAgent, ChatContext, ChatService } from './chat.service.ts';
import type { ChatHub, ChatSubscriber } from './chat-hub.ts';
import { type ChatParty, partyKeyOf } from './chat-party.ts';

/** A ping every 25 s; a socket that did not answer the last one is dropped (the window reconnects). */
export const HEARTBEAT_MS = 25_000;
/** A presence row outlives two missed heartbeats, no more. */
const PRESENCE_TTL_MS = 3 * HEARTBEAT_MS;

/** Messages read from the database at a time while replaying. */
const REPLAY_BATCH = 200;

type Session = { party: ChatParty; context: ChatContext; after: number };

/**
 * One member's (guest's, visitor's) socket. Everything it sends goes through one queue, so frames leave in
 * the order the database gave the messages: the replay of what came after `after`, then every new message
 * of the party's conversations as it is announced. Per conversation it remembers the last id sent, and sends
 * only what is newer: a reconnect with `after` loses nothing and repeats nothing. Messages of a conversation
 * are numbered in the order they commit (the sender holds the conversation's row lock), so "newer than the
 * last sent" misses none.
 */
export function serveMemberSocket(
  socket: WebSocket,
  session: Session,
  deps: { chat: ChatService; hub: ChatHub; log: FastifyBaseLogger },
) {
  const { chat, hub, log } = deps;
  const partyKey = partyKeyOf(session.party);
  const presenceId = randomUUID();
  const sentUpTo = new Map<number, number>();
  // Per conversation, the last id sent; `after` (what the window already has) for those not sent to yet.
  const baseline = session.after;
  let queue: Promise<void> = Promise.resolve();
  let isClosed = false;
  let isAlive = true;

  const send = (frame: ChatServerFrame) => {
    if (!isClosed) socket.send(JSON.stringify(frame));
  };
  const run = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error) => log.error({ err: error }, 'chat socket task failed'));
  };
  // Events of a conversation that come while its push or frame waits in the queue join it: one read then sends
  // every newer message, and a frame the conversation as last heard. Under load the queue stays one task per
  // conversation instead of one per event (which held the server's memory until it ran out).
  const messagesWaiting = new Set<number>();
  const framesWaiting = new Map<number, ConversationRow>();

  async function pushMessages(scope: { conversationId: number } | { party: ChatParty }) {
    let from =
      'conversationId' in scope
        ? (sentUpTo.get(scope.conversationId) ?? baseline)
        : Math.min(baseline, ...sentUpTo.values());
    const delivered = new Map<number, number>();
    for (;;) {
      const rows = await chat.messagesAfter(scope, from, REPLAY_BATCH);
      for (const row of rows) {
        from = row.id;
        if (row.id <= (sentUpTo.get(row.conversationId) ?? baseline)) continue;
        send({ type: 'message', message: chat.toMessage(row) });
        sentUpTo.set(row.conversationId, row.id);
        if (row.sender !== 'member') delivered.set(row.conversationId, row.id);
      }
      if (rows.length < REPLAY_BATCH || isClosed) break;
    }
    for (const [conversationId, upTo] of delivered) await chat.markDelivered('member', conversationId, upTo);
  }

  async function receive(raw: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return send({ type: 'error', clientId: null, code: 'VALIDATION_FAILED', message: MSG.badRequest });
    }
    const frame = chatClientFrameSchema.safeParse(parsed);
    if (!frame.success)
      return send({ type: 'error', clientId: null, code: 'VALIDATION_FAILED', message: MSG.badRequest });
    if (frame.data.type === 'read') return chat.markRead(session.party, frame.data.conversationId, frame.data.upTo);
    const body = chatSendSchema.safeParse(frame.data.message);
    const clientId = (frame.data.message as { clientId?: unknown } | null)?.clientId;
    const echoId = typeof clientId === 'string' ? clientId.slice(0, 64) : null;
    if (!body.success) {
      const message = body.error.issues[0]?.message ?? MSG.badRequest;
      return send({ type: 'error', clientId: echoId, code: 'VALIDATION_FAILED', message });
    }
    // The message itself comes back through the notification, in its place among the others.
    const result = await chat.send(session.party, session.context, body.data);
    if (result.notice) send({ type: 'notice', clientId: body.data.clientId, text: result.notice });
  }

  const subscriber: ChatSubscriber = {
    partyKey,
    onEvent: (event, conversation) => {
      if (event.k === 'message') {
        if (messagesWaiting.has(event.c)) return;
        messagesWaiting.add(event.c);
        return run(() => {
          messagesWaiting.delete(event.c);
          return pushMessages({ conversationId: event.c });
        });
      }
      if (!conversation) return;
      const isQueued = framesWaiting.has(event.c);
      framesWaiting.set(event.c, conversation);
      if (isQueued) return;
      run(async () => {
        const latest = framesWaiting.get(event.c);
        framesWaiting.delete(event.c);
        if (latest) send({ type: 'conversation', conversation: chat.toConversation(latest) });
      });
    },
    catchUp: () => run(() => pushMessages({ party: session.party })),
  };
  hub.add(subscriber);

  run(async () => {
    await chat.touchPresence(presenceId, session.party, PRESENCE_TTL_MS);
    await pushMessages({ party: session.party });
  });

  const heartbeat = setInterval(() => {
    if (!isAlive) return socket.terminate();
    isAlive = false;
    socket.ping();
    run(() => chat.touchPresence(presenceId, session.party, PRESENCE_TTL_MS));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  socket.on('pong', () => {
    isAlive = true;
  });
  socket.on('message', (data) => {
    const raw = data.toString();
    run(async () => {
      try {
        await receive(raw);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const clientId = /"clientId"\s*:\s*"([A-Za-z0-9_-]{1,64})"/.exec(raw)?.[1] ?? null;
        send({ type: 'error', clientId, code: error.code, message: error.message });
      }
    });
  });
  socket.on('close', () => {
    isClosed = true;
    clearInterval(heartbeat);
    hub.remove(subscriber);
    // A server shutting down leaves its rows to expire: the database may be closing already.
    if (!hub.isClosed()) run(() => chat.dropPresence(presenceId));
  });
}

/**
 * An agent's socket (the console): a conversation frame whenever one of their queues' waiting conversations or
 * one they hold changes (a new one, taken, transferred, closed, marks), and the messages of the conversations
 * they hold, each once, in order (as the member's socket, per conversation from the last id sent; `after` for
 * those not sent to yet). Answers go over HTTP; the socket only listens.
 */
export function serveAgentSocket(
  socket: WebSocket,
  session: { agent: ChatAgent; after: number },
  deps: { chat: ChatService; hub: ChatHub; log: FastifyBaseLogger },
) {
  const { chat, hub, log } = deps;
  const { agent } = session;
  const sentUpTo = new Map<number, number>();
  const shown = new Set<number>();
  let queue: Promise<void> = Promise.resolve();
  let isClosed = false;
  let isAlive = true;

  const send = (frame: ChatServerFrame) => {
    if (!isClosed) socket.send(JSON.stringify(frame));
  };
  const run = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error) => log.error({ err: error }, 'chat agent socket task failed'));
  };
  // As the member's socket: the events of a conversation that come while its task waits join it (the newest
  // conversation row, and whether any was a message), so every agent hearing every event stays one task per
  // conversation.
  const waiting = new Map<number, { row: ConversationRow | undefined; hasMessage: boolean }>();

  async function onEvent(hasMessage: boolean, row: ConversationRow | undefined) {
    if (!row) return;
    const isHeld = row.status === 'assigned' && row.agentId === agent.id;
    const isWaiting = row.status === 'waiting' && agent.queues.includes(row.queue as ChatAgent['queues'][number]);
    // One that left the agent (taken by another, transferred, closed) is shown once more, as it is now.
    if (!isHeld && !isWaiting && !shown.has(row.id)) return;
    if (isHeld || isWaiting) shown.add(row.id);
    else shown.delete(row.id);
    send({ type: 'conversation', conversation: chat.toConversation(row) });
    if (!hasMessage || !isHeld) return;
    const rows = await chat.messagesAfter({ conversationId: row.id }, sentUpTo.get(row.id) ?? session.after);
    let delivered = 0;
    for (const message of rows) {
      send({ type: 'message', message: chat.toMessage(message) });
      sentUpTo.set(row.id, message.id);
      if (message.sender === 'member') delivered = message.id;
    }
    if (delivered > 0) await chat.markDelivered('agent', row.id, delivered);
  }

  const subscriber: ChatSubscriber = {
    onEvent: (event, conversation) => {
      const queued = waiting.get(event.c);
      waiting.set(event.c, { row: conversation, hasMessage: event.k === 'message' || queued?.hasMessage === true });
      if (queued) return;
      run(() => {
        const next = waiting.get(event.c);
        waiting.delete(event.c);
        return next ? onEvent(next.hasMessage, next.row) : Promise.resolve();
      });
    },
    // Notifications may have been missed: the console reads its inbox and conversation again.
    catchUp: () => send({ type: 'resync' }),
  };
  hub.add(subscriber);

  const heartbeat = setInterval(() => {
    if (!isAlive) return socket.terminate();
    isAlive = false;
    socket.ping();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  socket.on('pong', () => {
    isAlive = true;
  });
  socket.on('close', () => {
    isClosed = true;
    clearInterval(heartbeat);
    hub.remove(subscriber);
  });
}
