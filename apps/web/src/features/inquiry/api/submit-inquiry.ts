import type { InquirySubmit, inquirySubmitReplySchema } from '@anxin/shared/inquiry/inquiry.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORDERS_QUERY_KEY } from '../../orders/index.ts';
import { INQUIRY_QUERY_KEY } from './get-inquiry.ts';

export type InquirySubmitReply = z.infer<typeof inquirySubmitReplySchema>;

/** `POST /v2/orders/inquiry/perfect/{ordersCode}`: the server re-checks every rule; the order can then be paid. */
export function submitInquiry(ordersCode: string, body: InquirySubmit): Promise<InquirySubmitReply> {
  return apiRequest<InquirySubmitReply>('POST', `/v2/orders/inquiry/perfect/${encodeURIComponent(ordersCode)}`, {
    body,
  });
}

export function useSubmitInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ordersCode, body }: { ordersCode: string; body: InquirySubmit }) => submitInquiry(ordersCode, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INQUIRY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      ]),
  });
}
