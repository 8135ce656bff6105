import type { MerchantEntryReply } from '@anxin/shared/merchants/merchant-entry.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

export const MERCHANT_ENTRY_QUERY_KEY = [MEMBER_QUERY_KEY, 'merchant-entry'] as const;

/** The member's latest open-store application (null before the first). */
export function getMerchantEntry(signal?: AbortSignal): Promise<MerchantEntryReply> {
  return apiRequest<MerchantEntryReply>('GET', '/v2/merchants/entry', { signal });
}

export function useMerchantEntry() {
  return useQuery(
    queryOptions({
      queryKey: MERCHANT_ENTRY_QUERY_KEY,
      queryFn: ({ signal }) => getMerchantEntry(signal),
      enabled: isMemberQueryEnabled,
    }),
  );
}
