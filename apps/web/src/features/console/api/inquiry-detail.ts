import type { ConsoleInquiryDetail } from '@anxin/shared/staff/console.contract';
import { useQuery } from '@tanstack/react-query';
import { consoleRequest } from './console-request.ts';
import { INQUIRY_QUERY_KEY } from './inquiry-queue.ts';

/** GET /admin/inquiries/{ordersCode}: everything the pharmacist decides on. */
export function getInquiryDetail(ordersCode: string): Promise<ConsoleInquiryDetail> {
  return consoleRequest('GET', `/inquiries/${encodeURIComponent(ordersCode)}`);
}

/** The images are signed links valid 10 minutes: the page asks again before they run out. */
export function useInquiryDetail(ordersCode: string) {
  return useQuery({
    queryKey: [...INQUIRY_QUERY_KEY, ordersCode],
    queryFn: () => getInquiryDetail(ordersCode),
    staleTime: 5 * 60_000,
    refetchInterval: 8 * 60_000,
  });
}
