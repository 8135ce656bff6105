import type { SettlementView } from '@anxin/shared/checkout/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export function getSettlement(settlementId: string, signal?: AbortSignal): Promise<SettlementView> {
  return apiRequest<SettlementView>('GET', `/v2/settle/${encodeURIComponent(settlementId)}`, { signal });
}

export function settlementQueryOptions(settlementId: string) {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'settlement', settlementId],
    queryFn: ({ signal }) => getSettlement(settlementId, signal),
    staleTime: 0,
  });
}

export function useSettlement(settlementId: string) {
  return useQuery({ ...settlementQueryOptions(settlementId), enabled: Boolean(settlementId) });
}
