import type { MemberCounts } from '@anxin/shared/assets/assets.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** Counts of favourites, unused coupons (health subsidies) and the coin balance (docs/API-CONVENTIONS.md). */
export type { MemberCounts };

export function getMemberCounts(signal?: AbortSignal): Promise<MemberCounts> {
  return apiRequest<MemberCounts>('GET', '/v2/member/counts', { signal });
}

export function memberCountsQueryOptions() {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'counts'],
    queryFn: ({ signal }) => getMemberCounts(signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useMemberCounts() {
  return useQuery(memberCountsQueryOptions());
}
