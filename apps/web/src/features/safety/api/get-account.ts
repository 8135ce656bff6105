import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** The part of GET /v2/member/account the safety page shows (the phone comes masked). */
export type SafetyAccount = {
  phoneStr: string | null;
  email: string | null;
  loginName: string | null;
  hasPassword: boolean;
};

export function getSafetyAccount(signal?: AbortSignal): Promise<SafetyAccount> {
  return apiRequest<SafetyAccount>('GET', '/v2/member/account', { signal });
}

export function useSafetyAccount() {
  return useQuery(
    queryOptions({ queryKey: [MEMBER_QUERY_KEY, 'account'], queryFn: ({ signal }) => getSafetyAccount(signal) }),
  );
}
