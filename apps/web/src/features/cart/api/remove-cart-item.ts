import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CART_QUERY_KEY } from './get-cart.ts';

export function removeCartItem(productCode: string): Promise<void> {
  return apiRequest<void>('DELETE', `/v2/memberShopCarts/items/${encodeURIComponent(productCode)}`);
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
