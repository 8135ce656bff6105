import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** The part of GET /v2/member/account the password screen needs. */
export type AccountInfo = { phoneStr: string | null; loginName: string | null; hasPassword: boolean };

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
