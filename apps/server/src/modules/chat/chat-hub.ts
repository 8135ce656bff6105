import type { FastifyBaseLogger } from 'fastify';
import type { Listen } from '../../db/client.ts';
import type { ConversationRow } from './chat.schema.ts';
import { CHAT_CHANNEL, type ChatEvent } from './chat.service.ts';

/** One open socket as the hub sees it: which events it wants, what it does with them. */
export type ChatSubscriber = {
  /** A member's (guest's, visitor's) socket wants its party's events only; an agent's socket wants every one. */
  partyKey?: string;
  /** The event, with its conversation as read after the event's commit (undefined when it is gone). */
  onEvent(event: ChatEvent, conversation: ConversationRow | undefined): void;
  /** The listening connection was lost and is back: notifications may have been missed, read what came. */
  catchUp(): void;
};

function parseEvent(payload: string): ChatEvent | undefined {
  try {
    const event = JSON.parse(payload) as ChatEvent;
    return typeof event.c === 'number' && typeof event.p === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This process's open chat sockets and the one LISTEN that feeds them. Every message and conversation change
 * is a NOTIFY at commit (chat.service.ts), whichever process wrote it, so a member on one server and an agent
 * on another hear each other; on PGlite the one process hears its own. The payload only names the
 * conversation: each socket reads what it has not sent yet from the database, so a notification lost or
 * doubled loses or doubles nothing.
 *
 * The conversations of the events are read here, once for every socket: the events that came while the last
 * read ran are read together in one query and then handed on in the order they came. Each read starts after
 * its events were heard (so after their commits), and reads follow one another, so a socket never gets a
 * conversation older than one it already got. Agents' sockets all hear every event: read per socket, 50
 * agents made 50 reads of every message (docs/CHAT.md, "Under load").
 */
export function createChatHub(deps: {
  listen: Listen;
  readConversations(ids: number[]): Promise<ConversationRow[]>;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const byParty = new Map<string, Set<ChatSubscriber>>();
  const ofEveryEvent = new Set<ChatSubscriber>();
  let pending: ChatEvent[] = [];
  let isDispatching = false;
  let hasListened = false;
  let isClosed = false;
  let stop: (() => Promise<void>) | undefined;

  const subscribersOf = (event: ChatEvent) => [...(byParty.get(event.p) ?? []), ...ofEveryEvent];
  const all = () => [...ofEveryEvent, ...[...byParty.values()].flatMap((subscribers) => [...subscribers])];

  async function dispatch() {
    isDispatching = true;
    while (pending.length > 0 && !isClosed) {
      const events = pending.filter((event) => ofEveryEvent.size > 0 || byParty.has(event.p));
      pending = [];
      if (events.length === 0) continue;
      try {
        const ids = [...new Set(events.map((event) => event.c))];
        const rows = new Map((await deps.readConversations(ids)).map((row) => [row.id, row]));
        for (const event of events) {
          const conversation = rows.get(event.c);
          for (const subscriber of subscribersOf(event)) subscriber.onEvent(event, conversation);
        }
      } catch (error) {
        // The read failed (a lost connection): the sockets concerned read again what they may have missed.
        deps.log.error({ err: error }, 'chat events not read');
        for (const subscriber of new Set(events.flatMap(subscribersOf))) subscriber.catchUp();
      }
    }
    isDispatching = false;
  }

  return {
    async start() {
      stop = await deps.listen(CHAT_CHANNEL, {
        onMessage(payload) {
          const event = parseEvent(payload);
          if (!event) return;
          pending.push(event);
          if (!isDispatching) void dispatch();
        },
        onListening(isListening) {
          if (!isListening) return;
          if (hasListened) for (const subscriber of all()) subscriber.catchUp();
          hasListened = true;
        },
      });
    },
    add(subscriber: ChatSubscriber) {
      if (subscriber.partyKey === undefined) return void ofEveryEvent.add(subscriber);
      const subscribers = byParty.get(subscriber.partyKey) ?? new Set();
      subscribers.add(subscriber);
      byParty.set(subscriber.partyKey, subscribers);
    },
    remove(subscriber: ChatSubscriber) {
      if (subscriber.partyKey === undefined) return void ofEveryEvent.delete(subscriber);
      const subscribers = byParty.get(subscriber.partyKey);
      subscribers?.delete(subscriber);
      if (subscribers?.size === 0) byParty.delete(subscriber.partyKey);
    },
    isClosed: () => isClosed,
    async close() {
      isClosed = true;
      byParty.clear();
      ofEveryEvent.clear();
      await stop?.();
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
