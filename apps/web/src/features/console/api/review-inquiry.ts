import type { RxReviewBody, rxReviewReplySchema } from '@anxin/shared/staff/console.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CONSOLE_QUERY_KEY, consoleRequest } from './console-request.ts';

type RxReviewReply = z.infer<typeof rxReviewReplySchema>;

/** POST /admin/inquiries/{ordersCode}/audit: 通过, or 驳回 with a listed reason and a note. */
export function reviewInquiry(ordersCode: string, body: RxReviewBody): Promise<RxReviewReply> {
  return consoleRequest('POST', `/inquiries/${encodeURIComponent(ordersCode)}/audit`, { body });
}

/** The verdict; afterwards the queue, the order and the dashboard's figures are asked for again. */
export function useReviewInquiry(ordersCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RxReviewBody) => reviewInquiry(ordersCode, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_KEY] }),
  });
}
