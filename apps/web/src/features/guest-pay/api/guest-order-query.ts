import type { GuestOrderQuery } from '@anxin/shared/guest-pay/guest-pay.contract';
import { GUEST_ORDER_WINDOW_DAYS } from '@anxin/shared/guest-pay/guest-pay.paths';

/** 'yyyy-MM-dd' of the browser's own calendar day (the server takes the shopper's day as it runs anywhere). */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The notPay call's query: the link's key and phone, and the window of the last 7 days up to today. Without
 * dayjs or zod, so that the pay page's early GET (message-payment-page.prefetch.ts) costs the main script
 * nothing but this.
 */
export function guestOrderQuery(key: string, consigneePhone: string, now = new Date()): GuestOrderQuery {
  const firstDay = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (GUEST_ORDER_WINDOW_DAYS - 1));
  return { token: key, consigneePhone, bgnDate: localDay(firstDay), endDate: localDay(now) };
}
