import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { InquiryData, InquirySubmit, inquirySubmitReplySchema } from '@anxin/shared/inquiry/inquiry.contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { GUEST_PAY_QUERY_KEY } from './get-binding.ts';

type InquirySubmitReply = z.infer<typeof inquirySubmitReplySchema>;

/** `GET /v4/orders/getPrescriptionSignByToken/{token}`: the inquiry data of the link's order (as the member's). */
export function getInquiryByKey(key: string, signal?: AbortSignal): Promise<InquiryData> {
  return apiRequest<InquiryData>('GET', guestPayPath(GUEST_PAY_PATHS.prescriptionSign, { token: key }), { signal });
}

/** `POST /v2/orders/inquiry/perfectByToken`: the inquiry's submit body plus the key; every rule re-checked. */
export function submitInquiryByKey(key: string, body: InquirySubmit): Promise<InquirySubmitReply> {
  return apiRequest<InquirySubmitReply>('POST', GUEST_PAY_PATHS.perfectByToken, { body: { ...body, token: key } });
}

export function useInquiryByKey(key: string, { enabled = true } = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...GUEST_PAY_QUERY_KEY, 'inquiry', key],
      queryFn: ({ signal }) => getInquiryByKey(key, signal),
      staleTime: 0,
      retry: false,
      enabled,
    }),
  );
}

export function useSubmitInquiryByKey(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InquirySubmit) => submitInquiryByKey(key, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GUEST_PAY_QUERY_KEY }),
  });
}
