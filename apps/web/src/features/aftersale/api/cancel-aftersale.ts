import type { AfterSaleDetail } from '@anxin/shared/aftersale/aftersale.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTERSALE_QUERY_KEY, afterSalePath, ORDERS_KEY } from './aftersale-keys.ts';
import { afterSaleDetailKey } from './get-aftersale.ts';

/** `PUT /v2/aftersale/{code}/cancel`: withdrawn while 审核中; answered as the request now is. */
export function cancelAfterSale(code: string): Promise<AfterSaleDetail> {
  return apiRequest<AfterSaleDetail>('PUT', `${afterSalePath(code)}/cancel`);
}

export function useCancelAfterSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAfterSale,
    onSuccess: async (detail) => {
      queryClient.setQueryData(afterSaleDetailKey(detail.code), detail);
      await queryClient.invalidateQueries({ queryKey: AFTERSALE_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
