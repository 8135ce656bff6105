import { GUEST_PAY_PATHS, guestPayPath } from '@anxin/shared/guest-pay/guest-pay.paths';
import { startEarlyGet } from '../../../lib/api-client.ts';
import { prefetchMessagePaymentPage } from './message-payment-page.prefetch.ts';

/**
 * The inquiry form (its questions, antd's form controls): a script part of its own, so the inquiry page's frame,
 * lead and skeleton paint without it: fetched once they are drawn on a first visit (guest-inquiry-page.tsx), with
 * the page's part when the shopper comes from another page of the flow (app/guest-router.tsx).
 */
export const loadInquiryForm = () => import('../../inquiry/index.ts');

/** Whether the document has painted already: the inquiry page is not its first page. */
export const hasDocumentPainted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

/**
 * The inquiry page's data, asked for with the page's part when the shopper comes from another page of the flow
 * (the route's `prefetch`, app/guest-router.tsx): the inquiry, the link's patients and the order (the lines'
 * pictures). As the document's first page, the page asks for them once its frame has painted.
 */
export function prefetchGuestInquiryPage(params: unknown, query: URLSearchParams): void {
  const key = query.get('key');
  if (!key || !hasDocumentPainted()) return;
  startEarlyGet(guestPayPath(GUEST_PAY_PATHS.prescriptionSign, { token: key }));
  startEarlyGet(guestPayPath(GUEST_PAY_PATHS.patients, { key }));
  // The order, asked for as the pay page asks for it.
  prefetchMessagePaymentPage(params, query);
}
