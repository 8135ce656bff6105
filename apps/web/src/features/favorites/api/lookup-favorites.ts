import type { FavoriteLookup } from '@anxin/shared/favorites/favorites.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { FAVORITES_QUERY_KEY } from './get-favorites.ts';

export function lookupFavorites(productCodes: string[], signal?: AbortSignal): Promise<FavoriteLookup> {
  return apiRequest<FavoriteLookup>('GET', '/v2/favorites/lookup', {
    query: { productCodes: productCodes.join(',') },
    signal,
  });
}

/**
 * The favourite id of each of these products the member keeps (the hearts of a product page or a result
 * page, one call for all). A visitor asks nothing: every heart is empty.
 */
export function useFavoriteIds(productCodes: string[]) {
  const isSignedIn = useIsSignedIn();
  const query = useQuery(
    queryOptions({
      queryKey: [...FAVORITES_QUERY_KEY, 'lookup', productCodes],
      queryFn: ({ signal }) => lookupFavorites(productCodes, signal),
      enabled: isSignedIn && productCodes.length > 0,
    }),
  );
  const ids = new Map<string, number>();
  for (const item of query.data?.favorites ?? []) ids.set(item.productCode, item.id);
  return ids;
}
