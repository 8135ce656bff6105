import type { Order, OrderDetail } from '@anxin/shared/orders/order.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY } from './get-orders.ts';

/** `GET /v3/orders/{id}`: one order, or an array with one element per sub-order of a split order. */
export async function getOrderDetail(ordersCode: string, signal?: AbortSignal): Promise<Order[]> {
  const reply = await apiRequest<OrderDetail>('GET', `/v3/orders/${encodeURIComponent(ordersCode)}`, {
    signal,
    headers: ORDER_HEADERS,
  });
  return Array.isArray(reply) ? reply : [reply];
}

export function orderDetailQueryOptions(ordersCode: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', ordersCode],
    queryFn: ({ signal }) => getOrderDetail(ordersCode, signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useOrderDetail(ordersCode: string) {
  return useQuery(orderDetailQueryOptions(ordersCode));
}
