import { GUEST_PAY_PATHS } from '@anxin/shared/guest-pay/guest-pay.paths';
import { startEarlyGet } from '../../../lib/api-client.ts';
import { guestOrderQuery } from '../api/guest-order-query.ts';

/**
 * The pay page's order, asked for as the script starts (the route's `prefetch`, app/guest-router.tsx), while the
 * page's parts download: its countdown, the largest thing it paints, waits for it.
 */
export function prefetchMessagePaymentPage(_params: unknown, query: URLSearchParams): void {
  const key = query.get('key');
  if (key) startEarlyGet(GUEST_PAY_PATHS.notPay, guestOrderQuery(key, query.get('consigneePhone') ?? ''));
}
