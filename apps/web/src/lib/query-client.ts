import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** Every query that holds one member's data has a key starting with this, so sign-out can drop them all. */
export const MEMBER_QUERY_KEY = 'member';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; a network failure or a 5xx gets one more try.
        retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
