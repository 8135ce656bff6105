import type { Favorite } from '@anxin/shared/favorites/favorites.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';
import { FAVORITES_QUERY_KEY } from './get-favorites.ts';

/** 收藏: a product already kept answers the same favourite. */
export function addFavorite(productCode: string): Promise<Favorite> {
  return apiRequest<Favorite>('POST', '/v2/favorites', { body: { productCode } });
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_KEY, 'counts'] }),
      ]),
  });
}
