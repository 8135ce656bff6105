import type { MallConfig, MallConfigReply } from '@anxin/shared/mall/mall-config';
import { DEFAULT_MALL_CONFIG, MALL_CONFIG_GROUPS } from '@anxin/shared/mall/mall-config.rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The mall configuration (docs/MALL-CONFIG.md), both groups in one call. Every key goes through the shared
 * merge, so a key the reply lacks or gives in a wrong shape is its default. The merge's schemas (zod) load
 * alongside the call, so a page that shows the configuration does not wait for zod to render.
 */
export async function getMallConfig(signal?: AbortSignal): Promise<MallConfig> {
  const [reply, { mergeMallConfig }] = await Promise.all([
    apiRequest<MallConfigReply>('GET', `/v2/mall/config?module=${MALL_CONFIG_GROUPS.join(',')}`, { signal }),
    import('@anxin/shared/mall/mall-config'),
  ]);
  // The reply is one merged object; each key is checked against the group it belongs to.
  return mergeMallConfig({ 'm-mall': reply, 'mall-global': reply });
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
