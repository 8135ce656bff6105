import type { CartView } from '@anxin/shared/cart/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export const CART_QUERY_KEY = [MEMBER_QUERY_KEY, 'cart'] as const;

export function getCart(signal?: AbortSignal): Promise<CartView> {
  return apiRequest<CartView>('GET', '/v2/memberShopCarts', { signal });
}

export function cartQueryOptions() {
  return queryOptions({ queryKey: CART_QUERY_KEY, queryFn: ({ signal }) => getCart(signal) });
}

/** The member's cart (only when signed in). */
export function useCart({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...cartQueryOptions(), enabled: isEnabled && isMemberQueryEnabled() });
}
