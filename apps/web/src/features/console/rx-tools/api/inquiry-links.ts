import type { Paged } from '@anxin/shared/common/page';
import type { ConsoleInquiryLink, InquiryLinkCreateBody } from '@anxin/shared/staff/console-rx.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from '../../api/console-request.ts';

const INQUIRY_LINK_QUERY_KEY = [CONSOLE_QUERY_KEY, 'inquiry-links'] as const;

export type InquiryLinkSearch = { code?: string; page: number };

/** GET /admin/inquiry-links: the links newest first with their state. */
export function getInquiryLinks(query: InquiryLinkSearch): Promise<Paged<ConsoleInquiryLink>> {
  return consoleRequest('GET', '/inquiry-links', { query });
}

export function useInquiryLinks(query: InquiryLinkSearch) {
  return useQuery({
    queryKey: [...INQUIRY_LINK_QUERY_KEY, query],
    queryFn: () => getInquiryLinks(query),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/inquiry-links: makes the link and texts it to the order's consignee (201, the link as listed). */
export function createInquiryLink(body: InquiryLinkCreateBody): Promise<ConsoleInquiryLink> {
  return consoleRequest('POST', '/inquiry-links', { body });
}

/** POST /admin/inquiry-links/{id}/end: the link stops working at once. */
export function endInquiryLink(id: number): Promise<ConsoleInquiryLink> {
  return consoleRequest('POST', `/inquiry-links/${id}/end`);
}

/** Making or ending a link; the list is asked for again. */
export function useInquiryLinkActs() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: INQUIRY_LINK_QUERY_KEY });
  return {
    create: useMutation({ mutationFn: createInquiryLink, onSuccess: refresh }),
    end: useMutation({ mutationFn: endInquiryLink, onSuccess: refresh }),
  };
}
