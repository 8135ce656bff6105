import type { UserInfo } from '@anxin/shared/profile/profile.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** User info. `avatar` is a full URL; the server gives a default one when the member has none. */
export type MemberVo = UserInfo;

export function getMemberVo(signal?: AbortSignal): Promise<MemberVo> {
  return apiRequest<MemberVo>('GET', '/v2/member/vo', { signal });
}

export function memberVoQueryOptions() {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'vo'],
    queryFn: ({ signal }) => getMemberVo(signal),
    enabled: isMemberQueryEnabled,
  });
}

/** User info is fetched only when signed in. */
export function useMemberVo({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...memberVoQueryOptions(), enabled: isEnabled && isMemberQueryEnabled() });
}
