import { fetchUnread } from '../api/chat-api.ts';

// The member's unread answers, one number for every badge on the page (联系客服 buttons, the member centre
// header): asked once when the first badge shows, then set by the window as it reads or receives.
type Listener = (count: number) => void;
const listeners = new Set<Listener>();
let count = 0;
let isAsked = false;

export function setUnread(next: number) {
  count = next;
  for (const listener of listeners) listener(count);
}

export function subscribeUnread(listener: Listener): () => void {
  listeners.add(listener);
  listener(count);
  if (!isAsked) {
    isAsked = true;
    fetchUnread().then(
      (reply) => setUnread(reply.count),
      // No badge is better than an error on every page: the window shows the answers anyway.
      () => undefined,
    );
  }
  return () => listeners.delete(listener);
}
