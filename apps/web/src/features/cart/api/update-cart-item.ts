import type { CartView, UpdateCartItemBody } from '@anxin/shared/cart/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CART_QUERY_KEY } from './get-cart.ts';

/** A line's new quantity (1-99) and / or whether it is ticked; answers the cart. */
export function updateCartItem(input: { productCode: string } & UpdateCartItemBody): Promise<CartView> {
  const { productCode, ...body } = input;
  return apiRequest<CartView>('PUT', `/v2/memberShopCarts/items/${encodeURIComponent(productCode)}`, { body });
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: (cart) => queryClient.setQueryData(CART_QUERY_KEY, cart),
  });
}
