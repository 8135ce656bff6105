import type { RebuyReply } from '@anxin/shared/orders/order.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';
import { ORDER_HEADERS } from './get-orders.ts';

/** 再次购买 / 再次提交需求: the order's products go back into the cart (sourceHost). */
export function rebuyOrder(ordersCode: string): Promise<RebuyReply> {
  return apiRequest<RebuyReply>('PUT', `/v3/orders/${encodeURIComponent(ordersCode)}/rebuy`, {
    body: { sourceHost: window.location.host },
    headers: ORDER_HEADERS,
  });
}

export function useRebuyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuyOrder,
    // The cart changed: every member query that may show it is refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_KEY] }),
  });
}
