import type { Paged } from '@anxin/shared/common/page';
import type { OrderType } from '@anxin/shared/orders/order-status';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY, type Order, type OrderListType } from './get-orders.ts';

/** `GET /v3/orders/filter`: the tab plus time range (YYYY-MM-DD, China days), product name and status. */
export type OrderFilterQuery = {
  type: OrderListType;
  page: number;
  size: number;
  beginDate?: string;
  endDate?: string;
  productName?: string;
  status?: OrderType;
};

export function filterOrders(query: OrderFilterQuery, signal?: AbortSignal): Promise<Paged<Order>> {
  return apiRequest<Paged<Order>>('GET', '/v3/orders/filter', { query, signal, headers: ORDER_HEADERS });
}

export function filterOrdersQueryOptions(query: OrderFilterQuery) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'filter', query],
    queryFn: ({ signal }) => filterOrders(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useFilteredOrders(query: OrderFilterQuery, options: { isEnabled?: boolean } = {}) {
  const isEnabled = options.isEnabled ?? true;
  return useQuery({ ...filterOrdersQueryOptions(query), enabled: () => isEnabled && isMemberQueryEnabled() });
}
