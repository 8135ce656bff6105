// The guest payment link's API paths and pages (guest-pay.contract.ts lists what each path answers): a file of
// their own, for the guest link's main script (guest-main.tsx), which starts the entry page's bind check and
// the pay page's order (entry-page.prefetch.ts, message-payment-page.prefetch.ts).

export const GUEST_PAY_PATHS = {
  binding: '/v2/guest-pay/{key}/binding',
  consigneePhone: '/v4/orders/findConsigneePhone/{token}',
  updatePhone: '/v4/orders/updatePhone',
  register: '/v2/guest-pay/{key}/register',
  smsCode: '/v2/guest-pay/{key}/sms-code',
  signIn: '/v2/guest-pay/{key}/sign-in',
  inquiryCheck: '/v2/guest-pay/{key}/inquiry',
  prescriptionSign: '/v4/orders/getPrescriptionSignByToken/{token}',
  perfectByToken: '/v2/orders/inquiry/perfectByToken',
  patients: '/v2/orders/ordersPatient/{key}/patients',
  patient: '/v2/orders/ordersPatient/{key}/patients/{id}',
  notPay: '/v5/orders/notPay',
  pay: '/v2/guest-pay/{key}/pay',
  password: '/v2/guest-pay/{key}/password',
} as const;

/** The window of GET /v5/orders/notPay, in days. */
export const GUEST_ORDER_WINDOW_DAYS = 7;

/** Fills `{key}`, `{token}` and `{id}` of a path (URL-encoded). */
export function guestPayPath(path: string, values: { key?: string; token?: string; id?: number | string }): string {
  return path.replace(/\{(key|token|id)\}/g, (_, name: 'key' | 'token' | 'id') =>
    encodeURIComponent(String(values[name] ?? '')),
  );
}

/** The pages of the flow (the SMS carries the entry page). */
export const GUEST_PAY_PAGES = {
  entry: '/payJianke/entry',
  inquiry: '/payJianke/inquiry',
  payment: '/payJianke/messagePayment',
  timeout: '/timeout',
} as const;

/** The pay call's paySource from the phone pages (/m/…); the desktop pages send 'PC'. */
export const GUEST_MOBILE_PAY_SOURCE = 'MOBILE';

/**
 * Where the cashier sends a guest back: the pay page of the set the guest paid from (/m/ for a phone), naming
 * the order only. The key is not in it: it would be stored with the payment and handed to the gateway. The page
 * finds the key the shopper's tab kept when it went to the cashier.
 */
export function guestPayReturnPath(paySource: string, ordersCode: string): string {
  const prefix = paySource === GUEST_MOBILE_PAY_SOURCE ? '/m' : '';
  return `${prefix}${GUEST_PAY_PAGES.payment}?ordersCode=${encodeURIComponent(ordersCode)}`;
}

/**
 * Whether a page address belongs to the flow: /payJianke/… and /timeout, on a phone under /m/ too. Those
 * pages are a script of their own (guest.html, docs/ARCHITECTURE.md), which the server sends for them.
 */
export function isGuestPayPage(pathname: string): boolean {
  return /^(\/m)?(\/payJianke\/|\/timeout\/?$)/.test(pathname);
}
