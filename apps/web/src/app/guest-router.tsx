import { isGuestPayPage } from '@anxin/shared/guest-pay/guest-pay.paths';
import { useEffect } from 'react';
import { type RouteObject, useLocation } from 'react-router';
import { prefetchGuestEntryPage } from '../features/guest-pay/pages/entry-page.prefetch.ts';
import { hasDocumentPainted, loadInquiryForm } from '../features/guest-pay/pages/guest-inquiry-page.prefetch.ts';
import { prefetchMessagePaymentPage } from '../features/guest-pay/pages/message-payment-page.prefetch.ts';
import { NotFoundPage, PageLoading } from './error-page.tsx';
import { page, pageRouting } from './page-routing.tsx';
import { RootLayout } from './root-layout.tsx';
import { SimpleHeader } from './shell/simple-header.tsx';

// The guest payment link's pages (issue 15, docs/GUEST-PAY.md) are a script of their own (guest.html,
// guest-main.tsx; docs/ARCHITECTURE.md): a phone that opens the SMS link downloads what the flow needs, not
// the site's. The server sends guest.html for these paths (`isGuestPayPage`).

/**
 * Their own frame, no site shell, no sign-in guard (the link's key opens them). Each has a desktop path and a
 * phone path under /m/, the same page.
 */
const guestPayRoutes: RouteObject[] = ['', 'm/'].flatMap((prefix) => [
  {
    path: `${prefix}payJianke/entry`,
    ...page(
      () => import('../features/guest-pay/pages/entry-page.tsx'),
      (m) => m.GuestEntryPage,
      '订单确认',
      prefetchGuestEntryPage,
    ),
  },
  {
    path: `${prefix}payJianke/inquiry`,
    ...page(
      () => {
        // From another page of the flow, the form's part comes alongside the page's. As the document's first page,
        // the page fetches it once its frame has painted (guest-inquiry-page.tsx).
        if (hasDocumentPainted()) loadInquiryForm().catch(() => undefined);
        return import('../features/guest-pay/pages/guest-inquiry-page.tsx');
      },
      (m) => m.GuestInquiryPage,
      '处方药问诊',
    ),
  },
  {
    path: `${prefix}payJianke/messagePayment`,
    ...page(
      () => import('../features/guest-pay/pages/message-payment-page.tsx'),
      (m) => m.MessagePaymentPage,
      '订单支付',
      prefetchMessagePaymentPage,
    ),
  },
  {
    path: `${prefix}payJianke/patientInfo/:mode/:id?`,
    ...page(
      () => import('../features/patients/pages/guest-patient-page.tsx'),
      (m) => m.GuestPatientPage,
      '用药人信息',
    ),
  },
  {
    path: `${prefix}timeout`,
    ...page(
      () => import('../features/guest-pay/pages/timeout-page.tsx'),
      (m) => m.TimeoutPage,
      '链接已超时',
    ),
  },
]);

/**
 * Any other address. Outside the flow, the site's page, loaded in place of this one: the flow's own links out
 * load it directly (`reloadDocument`), this takes the rest (the error page's 返回首页). Inside the flow, a path no
 * page has.
 */
function OutsideFlowPage() {
  const { pathname, search, hash } = useLocation();
  const isFlowPath = isGuestPayPage(pathname);
  useEffect(() => {
    if (!isFlowPath) window.location.replace(`${pathname}${search}${hash}`);
  }, [isFlowPath, pathname, search, hash]);
  if (!isFlowPath) return <PageLoading />;
  return (
    <div className="page-frame">
      <SimpleHeader />
      <main className="page-main">
        <NotFoundPage />
      </main>
    </div>
  );
}

/** The guest link's pages (guest-main.tsx). */
export const guestRouting = pageRouting([
  { element: <RootLayout />, children: [...guestPayRoutes, { path: '*', element: <OutsideFlowPage /> }] },
]);
