import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { isSignedIn } from './token-store.ts';

/** Every query that holds one member's data has a key starting with this, so sign-out can drop them all. */
export const MEMBER_QUERY_KEY = 'member';

/**
 * `enabled` of every member query: once the session has ended (logout, 401) the page that is still
 * on screen for a moment must not ask again without a token.
 */
export const isMemberQueryEnabled = (): boolean => isSignedIn();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; a network failure or a 5xx gets one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
