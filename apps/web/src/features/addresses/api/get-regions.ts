import type { RegionOption } from '@anxin/shared/addresses/address.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One level of the region tree: the children of `parentCode`, the provinces without it. */
export function getRegions(parentCode: string | undefined, signal?: AbortSignal): Promise<RegionOption[]> {
  return apiRequest<RegionOption[]>('GET', '/v2/regions', { query: { parentCode }, signal });
}

/** The tree changes only with a data release: a level once loaded is kept for the whole visit. */
export function regionsQueryOptions(parentCode: string | undefined) {
  return queryOptions({
    queryKey: ['regions', parentCode ?? ''],
    queryFn: ({ signal }) => getRegions(parentCode, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
