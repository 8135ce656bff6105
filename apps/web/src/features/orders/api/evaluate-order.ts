import type { EvaluateOrderBody } from '@anxin/shared/orders/review.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDER_HEADERS, ORDERS_QUERY_KEY, type Order } from './get-orders.ts';

/** 提交评价: one form per product; the order moves to completeTransaction. */
export function evaluateOrder({ ordersCode, body }: { ordersCode: string; body: EvaluateOrderBody }): Promise<Order> {
  return apiRequest<Order>('POST', `/v3/orders/${encodeURIComponent(ordersCode)}/evaluate`, {
    body,
    headers: ORDER_HEADERS,
  });
}

export function useEvaluateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: evaluateOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
