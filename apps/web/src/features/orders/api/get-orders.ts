import type { Paged } from '@anxin/shared/common/page';
import type { Order, OrderProduct } from '@anxin/shared/orders/order.contract';
import type { OrderListType } from '@anxin/shared/orders/order-status';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** The order types are the shared contract's (packages/shared/src/orders/order.contract.ts), the server's reply schema. */
export type { Order, OrderListType, OrderProduct };

export type OrdersQuery = { type: OrderListType; page: number; size: number };

/** Order calls carry the platform header. */
export const ORDER_HEADERS = { platform: 'PC' } as const;

export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<Paged<Order>> {
  return apiRequest<Paged<Order>>('GET', '/v3/orders', { query, signal, headers: ORDER_HEADERS });
}

/** Every list of orders shares this key prefix, so an action refreshes them all. */
export const ORDERS_QUERY_KEY = [MEMBER_QUERY_KEY, 'orders'] as const;

export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getOrders(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery, options: { isEnabled?: boolean } = {}) {
  const isEnabled = options.isEnabled ?? true;
  return useQuery({ ...ordersQueryOptions(query), enabled: () => isEnabled && isMemberQueryEnabled() });
}
