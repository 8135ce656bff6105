import type { AccountInfo } from '@anxin/shared/profile/profile.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/**
 * GET /v2/member/account (the phone comes masked): the safety page, the password screen and the account
 * deletion read it, under one query key, so a change seen by one is seen by all.
 */
export function getAccount(signal?: AbortSignal): Promise<AccountInfo> {
  return apiRequest<AccountInfo>('GET', '/v2/member/account', { signal });
}

export function accountQueryOptions() {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'account'],
    queryFn: ({ signal }) => getAccount(signal),
    enabled: isMemberQueryEnabled,
  });
}

export function useAccount({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...accountQueryOptions(), enabled: isEnabled && isMemberQueryEnabled() });
}
