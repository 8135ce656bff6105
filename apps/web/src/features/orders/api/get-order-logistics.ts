import type { OrderLogistics } from '@anxin/shared/orders/order.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY } from './get-orders.ts';

/** Tracking entries newest first; `msg` says why there are none (the shared contract's type). */
export type { OrderLogistics };

export function getOrderLogistics(ordersCode: string, signal?: AbortSignal): Promise<OrderLogistics> {
  return apiRequest<OrderLogistics>('GET', '/v2/orders/logistics', {
    query: { ordersCode },
    signal,
    headers: ORDER_HEADERS,
  });
}

export function orderLogisticsQueryOptions(ordersCode: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'logistics', ordersCode],
    queryFn: ({ signal }) => getOrderLogistics(ordersCode, signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useOrderLogistics(ordersCode: string, options: { enabled?: boolean } = {}) {
  const base = orderLogisticsQueryOptions(ordersCode);
  return useQuery({ ...base, enabled: () => (options.enabled ?? true) && isMemberQueryEnabled() });
}
