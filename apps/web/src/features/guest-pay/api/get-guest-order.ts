import { GUEST_PAY_PATHS } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestOrder } from '@anxin/shared/guest-pay/guest-pay.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { GUEST_PAY_QUERY_KEY } from './get-binding.ts';
import { guestOrderQuery } from './guest-order-query.ts';

/** `GET /v5/orders/notPay?token&consigneePhone&bgnDate&endDate`: the link's order as the pay page shows it. */
export function getGuestOrder(key: string, consigneePhone: string, signal?: AbortSignal): Promise<GuestOrder> {
  return apiRequest<GuestOrder>('GET', GUEST_PAY_PATHS.notPay, {
    query: guestOrderQuery(key, consigneePhone),
    signal,
  });
}

export function guestOrderQueryOptions(key: string, consigneePhone: string) {
  return queryOptions({
    queryKey: [...GUEST_PAY_QUERY_KEY, 'order', key, consigneePhone],
    queryFn: ({ signal }) => getGuestOrder(key, consigneePhone, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useGuestOrder(key: string, consigneePhone: string, { enabled = true } = {}) {
  return useQuery({ ...guestOrderQueryOptions(key, consigneePhone), enabled: enabled && key !== '' });
}
