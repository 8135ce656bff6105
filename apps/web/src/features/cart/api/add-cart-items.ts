import type { CartView } from '@anxin/shared/cart/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CART_QUERY_KEY } from './get-cart.ts';

/** A list of {productCode, num 1, sourceHost}; answers the cart. */
export function addCartItems(items: { productCode: string; num?: number }[]): Promise<CartView> {
  const sourceHost = window.location.host;
  return apiRequest<CartView>('POST', '/v2/memberShopCarts/items', {
    body: items.map((item) => ({ productCode: item.productCode, num: item.num ?? 1, sourceHost })),
  });
}

export function useAddCartItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartItems,
    onSuccess: (cart) => queryClient.setQueryData(CART_QUERY_KEY, cart),
  });
}
