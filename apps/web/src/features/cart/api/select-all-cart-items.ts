import type { CartView } from '@anxin/shared/cart/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CART_QUERY_KEY } from './get-cart.ts';

/** 全选: tick or untick every line; answers the cart. */
export function selectAllCartItems(selected: boolean): Promise<CartView> {
  return apiRequest<CartView>('PUT', '/v2/memberShopCarts/selection', { body: { selected } });
}

export function useSelectAllCartItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectAllCartItems,
    onSuccess: (cart) => queryClient.setQueryData(CART_QUERY_KEY, cart),
  });
}
