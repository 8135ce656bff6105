import type { Executor } from '../db/client.ts';

/** What a subscriber does on each event it cares about, inside the emitter's transaction. */
export type EventHandlers<Events> = { [Name in keyof Events]?: (tx: Executor, payload: Events[Name]) => Promise<void> };

/**
 * A typed in-process event registry: a module lower in the graph announces what happened, and the modules above
 * it that must react subscribe at start-up (their descriptor's `subscribe`), so the lower one never calls up.
 * Handlers run in the emitter's transaction, one after the other: what they write commits or rolls back with
 * the move that caused it, exactly once. Subscribing again under the same name replaces the handlers, so
 * building several apps in one process (the tests) keeps one set per subscriber. No broker, no queue.
 */
export function createEventRegistry<Events extends Record<string, unknown>>() {
  const subscribers = new Map<string, EventHandlers<Events>>();
  return {
    subscribe(subscriber: string, handlers: EventHandlers<Events>) {
      subscribers.set(subscriber, handlers);
    },
    async emit<Name extends keyof Events>(tx: Executor, name: Name, payload: Events[Name]) {
      for (const handlers of subscribers.values()) await handlers[name]?.(tx, payload);
    },
  };
}
