import type { CoinTotal } from '@anxin/shared/assets/assets.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { COINS_QUERY_KEY } from './get-coins.ts';

export function getCoinTotal(signal?: AbortSignal): Promise<CoinTotal> {
  return apiRequest<CoinTotal>('GET', '/v2/coins/total', { signal });
}

export function coinTotalQueryOptions() {
  return queryOptions({
    queryKey: [...COINS_QUERY_KEY, 'total'],
    queryFn: ({ signal }) => getCoinTotal(signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useCoinTotal() {
  return useQuery(coinTotalQueryOptions());
}
