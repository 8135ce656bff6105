import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY, type Order } from './get-orders.ts';

/** 取消订单: only an unpaid order; the server answers 409 otherwise. */
export function cancelOrder(ordersCode: string): Promise<Order> {
  return apiRequest<Order>('PUT', `/v3/orders/${encodeURIComponent(ordersCode)}/platformCancel`, {
    headers: ORDER_HEADERS,
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
