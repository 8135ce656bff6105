import type { InquiryData } from '@anxin/shared/inquiry/inquiry.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

/** Every inquiry query starts with this key, so a submission refreshes them. */
export const INQUIRY_QUERY_KEY = [MEMBER_QUERY_KEY, 'inquiry'] as const;

/** `GET /v2/orders/inquiry/{ordersCode}`: the order's prescription products, the Rx settings, the inquiry so far. */
export function getInquiry(ordersCode: string, signal?: AbortSignal): Promise<InquiryData> {
  return apiRequest<InquiryData>('GET', `/v2/orders/inquiry/${encodeURIComponent(ordersCode)}`, { signal });
}

export function inquiryQueryOptions(ordersCode: string) {
  return queryOptions({
    queryKey: [...INQUIRY_QUERY_KEY, ordersCode],
    queryFn: ({ signal }) => getInquiry(ordersCode, signal),
    staleTime: 0,
  });
}

export function useInquiry(ordersCode: string) {
  return useQuery({ ...inquiryQueryOptions(ordersCode), enabled: ordersCode !== '' && isMemberQueryEnabled() });
}
