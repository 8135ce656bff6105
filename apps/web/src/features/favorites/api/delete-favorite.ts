import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';
import { FAVORITES_QUERY_KEY } from './get-favorites.ts';

/** 取消收藏. */
export function deleteFavorite(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/v2/favorites/${id}`);
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_KEY, 'counts'] }),
      ]),
  });
}
