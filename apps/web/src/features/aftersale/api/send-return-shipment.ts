import type { AfterSaleDetail, AfterSaleReturnShipmentBody } from '@anxin/shared/aftersale/aftersale.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTERSALE_QUERY_KEY, afterSalePath } from './aftersale-keys.ts';
import { afterSaleDetailKey } from './get-aftersale.ts';

/** `PUT /v2/aftersale/{code}/return-shipment`: the carrier and waybill of the goods sent back (待寄回). */
export function sendReturnShipment(code: string, body: AfterSaleReturnShipmentBody): Promise<AfterSaleDetail> {
  return apiRequest<AfterSaleDetail>('PUT', `${afterSalePath(code)}/return-shipment`, { body });
}

export function useSendReturnShipment(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AfterSaleReturnShipmentBody) => sendReturnShipment(code, body),
    onSuccess: async (detail) => {
      queryClient.setQueryData(afterSaleDetailKey(detail.code), detail);
      await queryClient.invalidateQueries({ queryKey: AFTERSALE_QUERY_KEY });
    },
  });
}
