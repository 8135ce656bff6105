import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type OrderListType = 'all' | 'waitPay' | 'waitDelivery' | 'waitReceiving' | 'waitEvaluate';

/** The fields of an order line this site reads (B §3, "Order product"). */
export type OrderProduct = {
  productCode: string;
  productName: string;
  productImageUrl?: string | null;
  packing?: string | null;
  amount: number;
  actualPrice: number;
};

/** The fields of an order this site reads (B §3, "Order"); money in cents. */
export type OrderSummary = {
  ordersCode: string;
  orderType: string;
  orderStatus: number;
  orderStatusName: string;
  creationDate: string;
  sum: number;
  orderProducts?: OrderProduct[];
};

export type Page<T> = { content: T[]; totalElements: number; totalPages: number; page: number; size: number };

export type OrdersQuery = { type: OrderListType; page: number; size: number };

export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<Page<OrderSummary>> {
  return apiRequest<Page<OrderSummary>>('GET', '/v3/orders', { query, signal });
}

export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({ queryKey: [MEMBER_QUERY_KEY, 'orders', 'list', query], queryFn: ({ signal }) => getOrders(query, signal) });
}

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}
