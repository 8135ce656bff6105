import type { Paged } from '@anxin/shared/common/page';
import type { GuestLinkItem, GuestOrderBody } from '@anxin/shared/staff/console.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from './console-request.ts';

const GUEST_LINK_QUERY_KEY = [CONSOLE_QUERY_KEY, 'guest-links'] as const;

export type GuestLinkSearch = { phone?: string; code?: string; page: number };

/** GET /admin/guest-links: the links newest first with their state. */
export function getGuestLinks(query: GuestLinkSearch): Promise<Paged<GuestLinkItem>> {
  return consoleRequest('GET', '/guest-links', { query });
}

export function useGuestLinks(query: GuestLinkSearch) {
  return useQuery({
    queryKey: [...GUEST_LINK_QUERY_KEY, query],
    queryFn: () => getGuestLinks(query),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/guest-orders: places the order for the phone and texts the link (201, the link as listed). */
export function placeGuestOrder(body: GuestOrderBody): Promise<GuestLinkItem> {
  return consoleRequest('POST', '/guest-orders', { body });
}

/** POST /admin/guest-links/{ordersCode}/end: ends the order's live links at once. */
export function endGuestLink(ordersCode: string): Promise<GuestLinkItem> {
  return consoleRequest('POST', `/guest-links/${encodeURIComponent(ordersCode)}/end`);
}

/** Placing an order or ending a link; the list (and the dashboard's count) are asked for again. */
export function useGuestLinkActs() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_KEY] });
  return {
    place: useMutation({ mutationFn: placeGuestOrder, onSuccess: refresh }),
    end: useMutation({ mutationFn: endGuestLink, onSuccess: refresh }),
  };
}
