import { type ComponentType, lazy, Suspense } from 'react';
import { matchRoutes, type Params, type RouteObject, useLocation, useRoutes } from 'react-router';
import { prefetchProductPage } from '../features/catalogue/pages/product-page.prefetch.ts';
import { prefetchGuestEntryPage } from '../features/guest-pay/pages/entry-page.prefetch.ts';
import { prefetchMessagePaymentPage } from '../features/guest-pay/pages/message-payment-page.prefetch.ts';
import { ErrorPage, NotFoundPage, PageLoading, RootErrorPage } from './error-page.tsx';
import { lazyWithTimeout } from './lazy-with-timeout.ts';
import { RouteErrorBoundary } from './page-outlet.tsx';
import { RootLayout } from './root-layout.tsx';
import { RedirectMemberToHome, RequireMember } from './route-guards.tsx';
import { AuthLayout } from './shell/auth-layout.tsx';
import { type RouteHandle, RouteTitleContext } from './shell/use-route-title.ts';

// Every page is its own chunk, loaded with the 120 s timeout (lazyWithTimeout); so are the storefront's and
// the member centre's layouts (header with search, member menu). The parts a path needs are all fetched at
// once when it opens (AppRoutes), not the page only after its layout. The sign-in layout, the guards and the
// error page are in the main chunk so they can show a failed load. To add a page: one line in the right list
// below (and, for a member page, its entry in shell/member-menu.ts).

/**
 * The route fields of a page module's named component export: the page, fetched on first use, its title, and
 * optionally what fetches its first data when the site opens on it (RouteHandle's `prefetch`).
 */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  title?: string,
  prefetch?: RouteHandle['prefetch'],
) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= lazyWithTimeout(async () => ({ default: pick(await load()) }))();
    return loading;
  };
  const Page = lazy(preload);
  const handle: RouteHandle = { title, preload, prefetch };
  return { element: <Page />, handle };
}

const title = (text: string): RouteHandle => ({ title: text });

/** Member pages: inside the member-centre layout, visitors are sent to sign in. */
const memberRoutes: RouteObject[] = [
  {
    path: 'user/personal/safe',
    ...page(
      () => import('../features/safety/pages/safety-page.tsx'),
      (m) => m.SafetyPage,
      '账户安全',
    ),
  },
  {
    path: 'user/account/delete',
    ...page(
      () => import('../features/account-deletion/pages/account-deletion-page.tsx'),
      (m) => m.AccountDeletionPage,
      '注销账号',
    ),
  },
  {
    path: 'user',
    ...page(
      () => import('../features/member-home/pages/member-home-page.tsx'),
      (m) => m.MemberHomePage,
      '会员中心',
    ),
  },
  {
    path: 'user/personal/addInfo/:type',
    ...page(
      () => import('../features/profile/pages/profile-page.tsx'),
      (m) => m.ProfilePage,
      '个人资料',
    ),
  },
  {
    path: 'user/personal/address',
    ...page(
      () => import('../features/addresses/pages/address-book-page.tsx'),
      (m) => m.AddressBookPage,
      '收货地址',
    ),
  },
  {
    path: 'user/patientInfo',
    ...page(
      () => import('../features/patients/pages/patient-list-page.tsx'),
      (m) => m.PatientListPage,
      '用药人管理',
    ),
  },
  {
    path: 'user/patientInfo/:mode/:id?',
    ...page(
      () => import('../features/patients/pages/patient-form-page.tsx'),
      (m) => m.PatientFormPage,
      '用药人信息',
    ),
  },
  {
    path: 'user/order/mine/:type',
    ...page(
      () => import('../features/orders/pages/my-orders-page.tsx'),
      (m) => m.MyOrdersPage,
      '我的订单',
    ),
  },
  {
    path: 'user/order/detail/:id',
    ...page(
      () => import('../features/orders/pages/order-detail-page.tsx'),
      (m) => m.OrderDetailPage,
      '订单详情',
    ),
  },
  {
    path: 'user/order/prescription/:ordersCode',
    ...page(
      () => import('../features/orders/pages/prescription-page.tsx'),
      (m) => m.PrescriptionPage,
      '电子处方',
    ),
  },
  {
    path: 'user/account/coupon',
    ...page(
      () => import('../features/assets/pages/coupon-page.tsx'),
      (m) => m.CouponPage,
      '我的健康补贴',
    ),
  },
  {
    path: 'user/account/couponRule',
    ...page(
      () => import('../features/assets/pages/coupon-rule-page.tsx'),
      (m) => m.CouponRulePage,
      '补贴使用规则',
    ),
  },
  {
    path: 'user/account/coin',
    ...page(
      () => import('../features/assets/pages/coin-page.tsx'),
      (m) => m.CoinPage,
      '健康币',
    ),
  },
  {
    path: 'user/personal/invoice',
    ...page(
      () => import('../features/invoices/pages/invoice-list-page.tsx'),
      (m) => m.InvoiceListPage,
      '我的发票',
    ),
  },
  {
    path: 'user/personal/invoice/detail/:id',
    ...page(
      () => import('../features/invoices/pages/invoice-detail-page.tsx'),
      (m) => m.InvoiceDetailPage,
      '发票详情',
    ),
  },
  {
    path: 'user/order/collect',
    ...page(
      () => import('../features/favorites/pages/collect-page.tsx'),
      (m) => m.CollectPage,
      '我的收藏',
    ),
  },
  {
    path: 'user/order/drug',
    ...page(
      () => import('../features/reservations/pages/drug-reservation-page.tsx'),
      (m) => m.DrugReservationPage,
      '缺货登记',
    ),
  },
  {
    path: 'user/order/evaluate/:id',
    ...page(
      () => import('../features/orders/pages/evaluate-page.tsx'),
      (m) => m.EvaluatePage,
      '评价订单',
    ),
  },
];

/** Pages with the full header (storefront, agreement, demo tools, error). */
const siteRoutes: RouteObject[] = [
  {
    index: true,
    ...page(
      () => import('../features/storefront/pages/home-page.tsx'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'search',
    ...page(
      () => import('../features/catalogue/pages/search-page.tsx'),
      (m) => m.SearchPage,
      '商品搜索',
    ),
  },
  {
    path: 'product/:code',
    ...page(
      () => import('../features/catalogue/pages/product-page.tsx'),
      (m) => m.ProductPage,
      '商品详情',
      prefetchProductPage,
    ),
  },
  {
    path: 'agreement/:code',
    ...page(
      () => import('../features/agreement/pages/agreement-page.tsx'),
      (m) => m.AgreementPage,
    ),
  },
  {
    path: 'dev/sms-outbox',
    ...page(
      () => import('../features/dev/pages/sms-outbox-page.tsx'),
      (m) => m.SmsOutboxPage,
      '短信发件箱（演示）',
    ),
  },
  {
    path: 'dev/mail-outbox',
    ...page(
      () => import('../features/dev/pages/mail-outbox-page.tsx'),
      (m) => m.MailOutboxPage,
      '邮件发件箱（演示）',
    ),
  },
  { path: 'user/error', handle: title('页面出错了'), element: <ErrorPage /> },
];

/** Shopping pages of a member outside the member centre: the full header, no member menu. */
const shopMemberRoutes: RouteObject[] = [
  {
    path: 'cart',
    ...page(
      () => import('../features/cart/pages/cart-page.tsx'),
      (m) => m.CartPage,
      '购物车',
    ),
  },
  {
    path: 'settle',
    ...page(
      () => import('../features/checkout/pages/settle-page.tsx'),
      (m) => m.SettlePage,
      '确认订单',
    ),
  },
  {
    path: 'merchants/entry',
    ...page(
      () => import('../features/merchants/pages/merchant-entry-page.tsx'),
      (m) => m.MerchantEntryPage,
      '商家入驻',
    ),
  },
];

/** Sign-in pages, with the simple header (/user/account/password/* and /user/bind/phone/* go here). */
const authRoutes: RouteObject[] = [
  {
    path: 'user/bind/phone/add',
    ...page(
      () => import('../features/bind-phone/pages/bind-phone-page.tsx'),
      (m) => m.BindPhonePage,
      '绑定手机号',
    ),
  },
  {
    path: 'user/bind/phone/:type',
    ...page(
      () => import('../features/bind-phone/pages/bind-phone-page.tsx'),
      (m) => m.BindPhonePage,
      '修改手机号',
    ),
  },
  {
    element: <RedirectMemberToHome />,
    children: [
      {
        path: 'user/login',
        ...page(
          () => import('../features/auth/pages/login-page.tsx'),
          (m) => m.LoginPage,
          '欢迎登录',
        ),
      },
    ],
  },
  {
    path: 'user/register',
    ...page(
      () => import('../features/auth/pages/register-page.tsx'),
      (m) => m.RegisterPage,
      '欢迎注册',
    ),
  },
  {
    path: 'user/account/password/edit',
    ...page(
      () => import('../features/password/pages/password-page.tsx'),
      (m) => m.EditPasswordPage,
      '修改密码',
    ),
  },
  {
    path: 'user/account/password/forget',
    ...page(
      () => import('../features/password/pages/password-page.tsx'),
      (m) => m.ForgetPasswordPage,
      '忘记密码',
    ),
  },
  {
    path: 'user/account/password/update',
    ...page(
      () => import('../features/password/pages/password-page.tsx'),
      (m) => m.UpdatePasswordPage,
      '更新密码',
    ),
  },
  {
    // The sandbox payment gateway's cashier: payUrl leads here while no real gateway is configured. Only the
    // paying member may use it, so a visitor signs in first and comes back.
    element: <RequireMember />,
    children: [
      {
        // The prescription inquiry before paying: in the checkout's simple frame, usable on a phone.
        path: 'pay/inquiry',
        ...page(
          () => import('../features/inquiry/pages/inquiry-page.tsx'),
          (m) => m.InquiryPage,
          '处方药问诊',
        ),
      },
      {
        path: 'sandbox/cashier/:paymentId',
        ...page(
          () => import('../features/sandbox/pages/sandbox-cashier-page.tsx'),
          (m) => m.SandboxCashierPage,
          '沙箱收银台',
        ),
      },
    ],
  },
];

/**
 * The guest payment link's pages (issue 15, docs/GUEST-PAY.md): their own frame, no site shell, no sign-in
 * guard (the link's key opens them). Each has a desktop path and a phone path under /m/, the same page.
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
      () => import('../features/guest-pay/pages/guest-inquiry-page.tsx'),
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // The sandbox OAuth provider's consent page: a provider's page, without the mall's shell.
        path: 'sandbox/oauth/:provider/authorize',
        ...page(
          () => import('../features/sandbox-oauth/pages/sandbox-authorize-page.tsx'),
          (m) => m.SandboxAuthorizePage,
          '第三方授权（沙箱）',
        ),
      },
      {
        ...page(
          () => import('./shell/site-layout.tsx'),
          (m) => m.SiteLayout,
        ),
        // Errors of a page show inside the shell (SiteLayout's PageOutlet).
        children: [
          ...siteRoutes,
          {
            element: <RequireMember />,
            children: [
              ...shopMemberRoutes,
              {
                ...page(
                  () => import('./shell/member-layout.tsx'),
                  (m) => m.MemberLayout,
                ),
                // Any other /user path is a member page too: a visitor signs in first, a member sees "not found".
                children: [...memberRoutes, { path: 'user/*', element: <NotFoundPage /> }],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: authRoutes,
      },
      ...guestPayRoutes,
      {
        // Opened on a phone by scanning the login QR code: its own bare mobile frame.
        path: 'm/qr-confirm',
        ...page(
          () => import('../features/qr/pages/qr-confirm-page.tsx'),
          (m) => m.QrConfirmPage,
          '扫码登录确认',
        ),
      },
    ],
  },
];

let lastMatch: { pathname: string; matches: { handle?: RouteHandle; params: Params }[] } | undefined;

/** The routes `pathname` matches: matching walks the whole route table, and AppRoutes asks on each render. */
function matchesOf(pathname: string) {
  if (lastMatch?.pathname !== pathname) {
    const matches = (matchRoutes(routes, pathname) ?? []).map(({ route, params }) => ({
      handle: route.handle as RouteHandle | undefined,
      params,
    }));
    lastMatch = { pathname, matches };
  }
  return lastMatch.matches;
}

/**
 * Starts fetching the script parts of every route `pathname` matches, all at once (each part is fetched once);
 * answers the matched routes' handles. startPageOf calls it before the first render, so the first page's parts
 * download while React starts.
 */
export function preloadRoutesOf(pathname: string): (RouteHandle | undefined)[] {
  const handles = matchesOf(pathname).map(({ handle }) => handle);
  // Once per address: AppRoutes asks again on each render.
  if (preloadedPathname !== pathname) {
    for (const handle of handles) handle?.preload?.().catch(() => undefined);
    preloadedPathname = pathname;
  }
  return handles;
}
let preloadedPathname: string | undefined;

/**
 * As the script starts: the page's first data where its route names it, then the parts of the address bar's
 * page, so that the request does not wait for the page's parts to arrive and render.
 */
export function startPageOf({ pathname, search }: { pathname: string; search: string }): void {
  const query = new URLSearchParams(search);
  for (const { handle, params } of matchesOf(pathname)) handle?.prefetch?.(params, query);
  preloadRoutesOf(pathname);
}

/**
 * The page for the address bar: fetches its script parts (preloadRoutesOf), names the page title, and shows the
 * error page in a bare frame when a layout itself fails.
 */
export function AppRoutes() {
  const location = useLocation();
  const handles = preloadRoutesOf(location.pathname);
  const pageTitle = handles.findLast((handle) => handle?.title)?.title;
  const element = useRoutes(routes);
  return (
    <RouteTitleContext.Provider value={pageTitle}>
      <RouteErrorBoundary resetKey={location.pathname} fallback={(error) => <RootErrorPage error={error} />}>
        <Suspense fallback={<PageLoading />}>{element}</Suspense>
      </RouteErrorBoundary>
    </RouteTitleContext.Provider>
  );
}
