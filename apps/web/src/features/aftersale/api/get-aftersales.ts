import type { AfterSalePage } from '@anxin/shared/aftersale/aftersale.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { AFTERSALE_QUERY_KEY } from './aftersale-keys.ts';

export type AfterSalesQuery = { page: number; size: number; ordersCode?: string };

/** `GET /v2/aftersale?page&size&ordersCode`: the member's requests, newest first (one order's with ordersCode). */
export function getAfterSales(query: AfterSalesQuery, signal?: AbortSignal): Promise<AfterSalePage> {
  return apiRequest<AfterSalePage>('GET', '/v2/aftersale', { query, signal });
}

export function useAfterSales(query: AfterSalesQuery) {
  return useQuery({
    queryKey: [...AFTERSALE_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getAfterSales(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}
