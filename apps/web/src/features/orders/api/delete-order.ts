import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY } from './get-orders.ts';

/** 删除订单: closed orders only (statuses 50, 70, 150, 200); the order leaves the member's lists. */
export function deleteOrder(ordersCode: string): Promise<void> {
  return apiRequest<void>('DELETE', `/v3/orders/${encodeURIComponent(ordersCode)}/delete`, {
    headers: ORDER_HEADERS,
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
