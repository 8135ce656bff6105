import type { OrderAction, OrderListType, OrderType } from '@anxin/shared/orders/order-status';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type { OrderListType };

/** B §3 "Order product" as the API answers it; money in cents. */
export type OrderProduct = {
  productCode: string;
  productName: string;
  productImageUrl: string | null;
  packing: string | null;
  amount: number;
  actualPrice: number;
  mark: number;
  prescriptionType: number;
  combinationId: string | null;
  classCode: string | null;
};

/** B §3 "Order" as the API answers it; money in cents, times ISO 8601. */
export type Order = {
  ordersCode: string;
  parentOrderCode: string | null;
  orderType: OrderType;
  orderStatus: number;
  orderStatusName: string;
  creationDate: string;
  sum: number;
  productMoney: number;
  transportCosts: number;
  couponValue: number;
  paymentType: number;
  paymentTypeName: string;
  paySource: string;
  consignee: string;
  consigneePhone: string;
  deliveryAddress: string;
  isRxDrug: boolean;
  /** The prescription inquiry is complete. */
  prescription: boolean;
  isPaid: boolean;
  payDeadline: string | null;
  paidAt: string | null;
  shippingTime: string | null;
  receivedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  invoice: boolean;
  isInvoiced: boolean;
  invoiceType: string | null;
  consigneeType: string | null;
  taxPayerNumber: string | null;
  invoiceContent: string | null;
  remark: string | null;
  actions: OrderAction[];
  orderProducts: OrderProduct[];
};

/** @deprecated name kept for the member home: the same as Order. */
export type OrderSummary = Order;

export type Page<T> = { content: T[]; totalElements: number; totalPages: number; page: number; size: number };

export type OrdersQuery = { type: OrderListType; page: number; size: number };

/** B §7: order calls carry the platform header. */
export const ORDER_HEADERS = { platform: 'PC' } as const;

export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<Page<Order>> {
  return apiRequest<Page<Order>>('GET', '/v3/orders', { query, signal, headers: ORDER_HEADERS });
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
