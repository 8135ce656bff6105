import type { CoinPage } from '@anxin/shared/assets/assets.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type CoinsQuery = { page: number; size: number };

export const COINS_QUERY_KEY = [MEMBER_QUERY_KEY, 'coins'] as const;

export function getCoins(query: CoinsQuery, signal?: AbortSignal): Promise<CoinPage> {
  return apiRequest<CoinPage>('GET', '/v2/coins', { query, signal });
}

export function coinsQueryOptions(query: CoinsQuery) {
  return queryOptions({
    queryKey: [...COINS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getCoins(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useCoins(query: CoinsQuery) {
  return useQuery(coinsQueryOptions(query));
}
