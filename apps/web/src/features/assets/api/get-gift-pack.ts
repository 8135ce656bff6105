import type { GiftPack } from '@anxin/shared/assets/assets.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { COUPONS_QUERY_KEY } from './get-coupons.ts';

/** The new-user gift pack (docs/ASSETS.md): empty for a member who never received one. */
export function getGiftPack(signal?: AbortSignal): Promise<GiftPack> {
  return apiRequest<GiftPack>('GET', '/v2/member/giftPack', { signal });
}

export function giftPackQueryOptions() {
  return queryOptions({
    queryKey: [...COUPONS_QUERY_KEY, 'giftPack'],
    queryFn: ({ signal }) => getGiftPack(signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useGiftPack() {
  return useQuery(giftPackQueryOptions());
}
