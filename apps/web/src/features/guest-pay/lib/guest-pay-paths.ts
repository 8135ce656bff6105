import { useLocation } from 'react-router';

/** The mobile pages of the guest flow live under this prefix (/m/payJianke/…, /m/timeout). */
export const MOBILE_PREFIX = '/m';

/**
 * The paths of the guest flow, in the set the shopper is in: a phone sent to /m/payJianke/entry stays under
 * /m for every following step, a desktop browser under /payJianke.
 */
export function guestPayPaths(isMobile: boolean) {
  const base = isMobile ? MOBILE_PREFIX : '';
  const withQuery = (path: string, query: Record<string, string>) =>
    `${base}${path}?${new URLSearchParams(query).toString()}`;
  return {
    isMobile,
    entry: (key: string) => withQuery('/payJianke/entry', { key }),
    inquiry: (key: string, consigneePhone: string) => withQuery('/payJianke/inquiry', { key, consigneePhone }),
    payment: (key: string, consigneePhone: string) => withQuery('/payJianke/messagePayment', { key, consigneePhone }),
    /** The patient form of the guest inquiry (add or edit follows, as in the member centre's). */
    patientForm: `${base}/payJianke/patientInfo`,
    timeout: `${base}/timeout`,
    /**
     * The site's home (返回首页), for the desktop set only: the phone set keeps the shopper in the flow's own
     * pages.
     */
    home: isMobile ? null : '/',
    /** The member's order detail (查看订单详情 on the desktop; the phone set shows the order on the pay page). */
    orderDetail: (ordersCode: string) => (isMobile ? null : `/user/order/detail/${encodeURIComponent(ordersCode)}`),
  };
}

export function useGuestPayPaths() {
  const { pathname } = useLocation();
  return guestPayPaths(pathname === MOBILE_PREFIX || pathname.startsWith(`${MOBILE_PREFIX}/`));
}
