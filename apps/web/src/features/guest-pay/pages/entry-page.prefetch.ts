import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.paths';
import { startEarlyGet } from '../../../lib/api-client.ts';

/**
 * The entry page's bind check, asked for as the script starts (the route's `prefetch`, app/guest-router.tsx), while
 * the page's parts download: the page shows its form once it answers.
 */
export function prefetchGuestEntryPage(_params: unknown, query: URLSearchParams): void {
  const key = query.get('key');
  if (key) startEarlyGet(guestPayPath(GUEST_PAY_PATHS.binding, { key }));
}
