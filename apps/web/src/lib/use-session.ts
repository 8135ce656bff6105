import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeSession } from './token-store.ts';

/**
 * Re-renders the component when the member signs in or out. A prerendered page hydrates with the same answer:
 * the server sends a member centre's frame only with the member cookie, the signed-out pages only without it
 * (and the build's prerender answers as the page was rendered).
 */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn, isSignedIn);
}
