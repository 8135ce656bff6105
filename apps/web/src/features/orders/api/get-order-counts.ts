import type { OrderCounts } from '@anxin/shared/orders/order.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** The order-count badges of the member home: the shared contract's type. */
export type { OrderCounts };

export function getOrderCounts(signal?: AbortSignal): Promise<OrderCounts> {
  return apiRequest<OrderCounts>('GET', '/v3/orders/counts', { signal });
}

export function orderCountsQueryOptions() {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'orders', 'counts'],
    queryFn: ({ signal }) => getOrderCounts(signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useOrderCounts() {
  return useQuery(orderCountsQueryOptions());
}
