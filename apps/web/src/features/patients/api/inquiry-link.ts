import type { InquiryLink, InquiryLinkSave, InquiryLinkSaveReply } from '@anxin/shared/inquiry/inquiry-link.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { isMemberQueryEnabled, MEMBER_QUERY_KEY } from '../../../lib/query-client.ts';

const LINK_QUERY_KEY = [MEMBER_QUERY_KEY, 'inquiry-link'] as const;

/** True for the reply of an expired link, a canceled order or a used chronic link (410 LINK_EXPIRED). */
export const isLinkExpiredError = (error: unknown) => isApiError(error) && error.status === 410;

/**
 * `GET /v2/orders/ordersPatient/{key}`: the order of an SMS link (complete mode or chronic link), the seconds
 * left, whether prescription images are required, the inquiry's patient. 404 unknown key or another member's
 * order; 410 链接已失效.
 */
export function getInquiryLink(key: string, signal?: AbortSignal): Promise<InquiryLink> {
  return apiRequest<InquiryLink>('GET', `/v2/orders/ordersPatient/${encodeURIComponent(key)}`, { signal });
}

export function inquiryLinkQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...LINK_QUERY_KEY, key],
    queryFn: ({ signal }) => getInquiryLink(key, signal),
    staleTime: 0,
    // A 404 or 410 will not change by asking again.
    retry: (count, error) => !(isApiError(error) && (error.status === 404 || error.status === 410)) && count < 2,
  });
}

export function useInquiryLink(key: string) {
  return useQuery({ ...inquiryLinkQueryOptions(key), enabled: isMemberQueryEnabled() });
}

/** `POST /v2/orders/ordersPatient/{key}`: the chosen patient and the prescription images (upload URLs, ≤ 5). */
export function saveInquiryLink(key: string, body: InquiryLinkSave): Promise<InquiryLinkSaveReply> {
  return apiRequest<InquiryLinkSaveReply>('POST', `/v2/orders/ordersPatient/${encodeURIComponent(key)}`, { body });
}

export function useSaveInquiryLink(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InquiryLinkSave) => saveInquiryLink(key, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...LINK_QUERY_KEY, key] }),
  });
}
