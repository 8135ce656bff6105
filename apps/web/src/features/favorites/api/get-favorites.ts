import type { FavoritePage } from '@anxin/shared/favorites/favorites.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type FavoritesQuery = { page: number; size: number };

/** Every favourites query (the list and the hearts' lookups) starts with this key. */
export const FAVORITES_QUERY_KEY = [MEMBER_QUERY_KEY, 'favorites'] as const;

export function getFavorites(query: FavoritesQuery, signal?: AbortSignal): Promise<FavoritePage> {
  return apiRequest<FavoritePage>('GET', '/v2/favorites', { query, signal });
}

export function favoritesQueryOptions(query: FavoritesQuery) {
  return queryOptions({
    queryKey: [...FAVORITES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getFavorites(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useFavorites(query: FavoritesQuery) {
  return useQuery(favoritesQueryOptions(query));
}
