import { useSyncExternalStore } from 'react';

// Whether the chat window is open, for a dialog it was opened from: antd's modal keeps the focus inside itself,
// and must let the window have it while the window is over it.
let isOpen = false;
const listeners = new Set<() => void>();

export function setChatOpen(next: boolean) {
  if (next === isOpen) return;
  isOpen = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the chat window is open. */
export function useIsChatOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
}
