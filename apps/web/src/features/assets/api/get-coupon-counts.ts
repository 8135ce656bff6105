import type { CouponCounts } from '@anxin/shared/assets/assets.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled } from '../../../lib/query-client.ts';
import { COUPONS_QUERY_KEY } from './get-coupons.ts';

export function getCouponCounts(signal?: AbortSignal): Promise<CouponCounts> {
  return apiRequest<CouponCounts>('GET', '/v2/coupons/counts', { signal });
}

export function couponCountsQueryOptions() {
  return queryOptions({
    queryKey: [...COUPONS_QUERY_KEY, 'counts'],
    queryFn: ({ signal }) => getCouponCounts(signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useCouponCounts() {
  return useQuery(couponCountsQueryOptions());
}
