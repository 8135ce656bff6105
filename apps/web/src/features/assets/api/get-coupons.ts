import type { CouponPage, CouponStatus } from '@anxin/shared/assets/assets.contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export type CouponsQuery = { status: CouponStatus; page: number; size: number };

/** Every coupon call shares this key prefix, so a change (checkout) refreshes them all. */
export const COUPONS_QUERY_KEY = [MEMBER_QUERY_KEY, 'coupons'] as const;

export function getCoupons(query: CouponsQuery, signal?: AbortSignal): Promise<CouponPage> {
  return apiRequest<CouponPage>('GET', '/v2/coupons', { query, signal });
}

export function couponsQueryOptions(query: CouponsQuery) {
  return queryOptions({
    queryKey: [...COUPONS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getCoupons(query, signal),
    enabled: isMemberQueryEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useCoupons(query: CouponsQuery) {
  return useQuery(couponsQueryOptions(query));
}
