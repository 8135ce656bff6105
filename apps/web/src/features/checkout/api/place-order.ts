import type { PlacedOrder, PlaceOrderBody } from '@anxin/shared/checkout/checkout';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';
import { settlementQueryOptions } from './get-settlement.ts';

/** 提交订单: the server fixes the prices from its catalogue. */
export function placeOrder(body: PlaceOrderBody): Promise<PlacedOrder> {
  return apiRequest<PlacedOrder>('POST', '/v2/orders', { body });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // The cart lost the bought lines and the order lists gained one. The settlement just used is left out: the
    // server answers a used one with 409, and the settle page still on screen needs nothing more of it.
    onSuccess: (_order, body) => {
      const usedSettlement = hashKey(settlementQueryOptions(body.settlementId).queryKey);
      return queryClient.invalidateQueries({
        queryKey: [MEMBER_QUERY_KEY],
        predicate: (query) => query.queryHash !== usedSettlement,
      });
    },
  });
}
