import type { AfterSaleCreateBody, AfterSaleDetail } from '@anxin/shared/aftersale/aftersale.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTERSALE_QUERY_KEY, ORDERS_KEY } from './aftersale-keys.ts';

/** `POST /v2/aftersale`: the request, answered as its detail (201). */
export function createAfterSale(body: AfterSaleCreateBody): Promise<AfterSaleDetail> {
  return apiRequest<AfterSaleDetail>('POST', '/v2/aftersale', { body });
}

export function useCreateAfterSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAfterSale,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: AFTERSALE_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
