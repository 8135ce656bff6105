import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeSession } from './token-store.ts';

/** Re-renders the component when the member signs in or out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn, () => false);
}
