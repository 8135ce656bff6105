import type { SiteFlags } from '@anxin/shared/auth/password-login.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getSiteFlags(signal?: AbortSignal): Promise<SiteFlags> {
  return apiRequest<SiteFlags>('GET', '/v2/mall/site-flags', { signal });
}

export function siteFlagsQueryOptions() {
  return queryOptions({
    queryKey: ['site-flags'],
    queryFn: ({ signal }) => getSiteFlags(signal),
    staleTime: 10 * 60_000,
  });
}

/** Switches of the site (the 密码登录 tab shows when the username-password flag equals 1). */
export function useSiteFlags() {
  return useQuery(siteFlagsQueryOptions());
}
