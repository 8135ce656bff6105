import { chinaDayOf, chinaDayStart, DASHBOARD_DAYS, type Dashboard } from '@anxin/shared/staff/console.contract';
import type { AppServices } from '../../app-services.ts';
import { countOpenGuestLinks } from '../guest-pay/guest-pay.module.ts';
import { reviewFigures } from '../inquiry/inquiry.module.ts';
import { orderFigures } from '../orders/orders.module.ts';

/** The middle of the values (the mean of the two middle ones for an even count); null for none. */
export function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * 工作台 (docs/CONSOLE.md): today's orders, the reviews waiting and how long they have waited (the median),
 * the guest links still open, the orders waiting to ship, and orders and Rx reviews per day for 30 days, in
 * China days. Each figure comes from the module that owns its rows.
 */
export function createDashboardService({ db, clock }: Pick<AppServices, 'db' | 'clock'>) {
  return {
    async figures(): Promise<Dashboard> {
      const now = clock.now();
      const today = chinaDayOf(now);
      const since = chinaDayStart(today, 1 - DASHBOARD_DAYS);
      const [ordersSide, reviewsSide, openGuestLinks] = await Promise.all([
        orderFigures(db, { todayStart: chinaDayStart(today), since }),
        reviewFigures(db, { since }),
        countOpenGuestLinks(db, now),
      ]);
      const waits = reviewsSide.waitingSince.map((at) => (now.getTime() - at.getTime()) / 60_000);
      const median = medianOf(waits);
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) =>
        chinaDayOf(chinaDayStart(today, index + 1 - DASHBOARD_DAYS)),
      );
      return {
        todayOrders: ordersSide.todayOrders,
        waitingReviews: waits.length,
        medianReviewWaitMinutes: median === null ? null : Math.round(median),
        openGuestLinks,
        shippingBacklog: ordersSide.shippingBacklog,
        days: days.map((date) => ({
          date,
          orders: ordersSide.ordersPerDay.get(date) ?? 0,
          rxReviews: reviewsSide.reviewsPerDay.get(date) ?? 0,
        })),
      };
    },
  };
}
