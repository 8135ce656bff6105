import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY, type Order } from './get-orders.ts';

/** 确认收货: a shipped order moves to waitEvaluate. */
export function confirmReceipt(ordersCode: string): Promise<Order> {
  return apiRequest<Order>('PUT', `/v3/orders/${encodeURIComponent(ordersCode)}/received`, {
    headers: ORDER_HEADERS,
  });
}

export function useConfirmReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceipt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
