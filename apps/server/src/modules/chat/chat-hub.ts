import type { Listen } from '../../db/client.ts';
import { CHAT_CHANNEL, type ChatEvent } from './chat.service.ts';

/** One open socket as the hub sees it: which events it wants, what it does with them. */
export type ChatSubscriber = {
  wants(event: ChatEvent): boolean;
  onEvent(event: ChatEvent): void;
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
 */
export function createChatHub(deps: { listen: Listen }) {
  const subscribers = new Set<ChatSubscriber>();
  let hasListened = false;
  let isClosed = false;
  let stop: (() => Promise<void>) | undefined;

  return {
    async start() {
      stop = await deps.listen(CHAT_CHANNEL, {
        onMessage(payload) {
          const event = parseEvent(payload);
          if (!event) return;
          for (const subscriber of subscribers) if (subscriber.wants(event)) subscriber.onEvent(event);
        },
        onListening(isListening) {
          if (!isListening) return;
          if (hasListened) for (const subscriber of subscribers) subscriber.catchUp();
          hasListened = true;
        },
      });
    },
    add(subscriber: ChatSubscriber) {
      subscribers.add(subscriber);
    },
    remove(subscriber: ChatSubscriber) {
      subscribers.delete(subscriber);
    },
    isClosed: () => isClosed,
    async close() {
      isClosed = true;
      subscribers.clear();
      await stop?.();
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
