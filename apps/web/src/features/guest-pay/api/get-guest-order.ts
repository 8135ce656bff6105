import { GUEST_ORDER_WINDOW_DAYS, GUEST_PAY_PATHS } from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestOrder, GuestOrderQuery } from '@anxin/shared/guest-pay/guest-pay.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { apiRequest } from '../../../lib/api-client.ts';
import { GUEST_PAY_QUERY_KEY } from './get-binding.ts';

/** The notPay call's window: the last 7 days up to today (China time is the shopper's and the server's day). */
function lastWeek(): Pick<GuestOrderQuery, 'bgnDate' | 'endDate'> {
  const today = dayjs();
  return {
    bgnDate: today.subtract(GUEST_ORDER_WINDOW_DAYS - 1, 'day').format('YYYY-MM-DD'),
    endDate: today.format('YYYY-MM-DD'),
  };
}

/** `GET /v5/orders/notPay?token&consigneePhone&bgnDate&endDate`: the link's order as the pay page shows it. */
export function getGuestOrder(key: string, consigneePhone: string, signal?: AbortSignal): Promise<GuestOrder> {
  const query: GuestOrderQuery = { token: key, consigneePhone, ...lastWeek() };
  return apiRequest<GuestOrder>('GET', GUEST_PAY_PATHS.notPay, { query, signal });
}

export function guestOrderQueryOptions(key: string, consigneePhone: string) {
  return queryOptions({
    queryKey: [...GUEST_PAY_QUERY_KEY, 'order', key, consigneePhone],
    queryFn: ({ signal }) => getGuestOrder(key, consigneePhone, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useGuestOrder(key: string, consigneePhone: string) {
  return useQuery({ ...guestOrderQueryOptions(key, consigneePhone), enabled: key !== '' });
}
