import type { AfterSaleForm } from '@anxin/shared/aftersale/aftersale.contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { AFTERSALE_QUERY_KEY } from './aftersale-keys.ts';

/** `GET /v2/aftersale/orders/{ordersCode}`: the apply form of one order (its lines, types, reasons, or why not). */
export function getAfterSaleForm(ordersCode: string, signal?: AbortSignal): Promise<AfterSaleForm> {
  return apiRequest<AfterSaleForm>('GET', `/v2/aftersale/orders/${encodeURIComponent(ordersCode)}`, { signal });
}

export function useAfterSaleForm(ordersCode: string) {
  return useQuery({
    queryKey: [...AFTERSALE_QUERY_KEY, 'form', ordersCode],
    queryFn: ({ signal }) => getAfterSaleForm(ordersCode, signal),
    enabled: isMemberQueryEnabled,
  });
}
