import type { Protocol } from '@anxin/shared/protocols/protocols.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function getProtocols(codes: string[], signal?: AbortSignal): Promise<Protocol[]> {
  return apiRequest<Protocol[]>('GET', '/v2/protocols', { query: { protocolCodes: codes.join(','), type: 0 }, signal });
}

export function protocolQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['protocols', code],
    queryFn: async ({ signal }) =>
      (await getProtocols([code], signal)).find((item) => item.protocolCode === code) ?? null,
    staleTime: 10 * 60_000,
  });
}

export function useProtocol(code: string) {
  return useQuery(protocolQueryOptions(code));
}
