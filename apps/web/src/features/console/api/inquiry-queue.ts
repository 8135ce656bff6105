import type { ConsoleInquiryItem } from '@anxin/shared/staff/console.contract';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from './console-request.ts';

export const INQUIRY_QUERY_KEY = [CONSOLE_QUERY_KEY, 'inquiries'] as const;

/** GET /admin/inquiries: the orders waiting for a pharmacist, oldest first. */
export function getInquiryQueue(): Promise<ConsoleInquiryItem[]> {
  return consoleRequest('GET', '/inquiries');
}

/** The queue, asked again every half minute while open: orders arrive while the pharmacist works. */
export function useInquiryQueue() {
  return useQuery({ queryKey: INQUIRY_QUERY_KEY, queryFn: getInquiryQueue, refetchInterval: 30_000 });
}
