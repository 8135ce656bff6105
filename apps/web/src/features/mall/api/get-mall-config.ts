import type { MallConfig } from '@anxin/shared/mall/mall-config';
import { DEFAULT_MALL_CONFIG, MALL_CONFIG_GROUPS, readMallConfigReply } from '@anxin/shared/mall/mall-config.rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The mall configuration (docs/MALL-CONFIG.md), both groups in one call. A key the reply lacks or gives in
 * another shape is its default (`readMallConfigReply`).
 */
export async function getMallConfig(signal?: AbortSignal): Promise<MallConfig> {
  const reply = await apiRequest<unknown>('GET', `/v2/mall/config?module=${MALL_CONFIG_GROUPS.join(',')}`, { signal });
  return readMallConfigReply(reply);
}

export function mallConfigQueryOptions() {
  return queryOptions({
    queryKey: ['mall-config'],
    queryFn: ({ signal }) => getMallConfig(signal),
    // Read once per page load: an operator's change shows on the next load.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The configuration in force; the defaults while it loads and when the call fails (never an error state). */
export function useMallConfig(): MallConfig {
  const { data } = useQuery(mallConfigQueryOptions());
  return data ?? DEFAULT_MALL_CONFIG;
}
