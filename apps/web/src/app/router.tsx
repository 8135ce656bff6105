import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, NotFoundPage, PageLoading, RootErrorPage } from './error-page.tsx';
import { lazyWithTimeout } from './lazy-with-timeout.ts';
import { RootLayout } from './root-layout.tsx';
import { RequireMember, redirectMemberToHome } from './route-guards.tsx';
import { AuthLayout } from './shell/auth-layout.tsx';
import type { RouteHandle } from './shell/use-route-title.ts';

// Every page is its own chunk, loaded with the 120 s timeout (lazyWithTimeout); so are the storefront's and
// the member centre's layouts (header with search, member menu), loaded alongside the page. The sign-in
// layout, the guards and the error page are in the main chunk so they can show a failed load. To add a
// page: one line in the right list below (and, for a member page, its entry in shell/member-menu.ts).

/** Route fields of a page module's named component export. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyWithTimeout(async () => ({ Component: pick(await load()) }));
}

const title = (text: string): RouteHandle => ({ title: text });

/** Member pages: inside the member-centre layout, visitors are sent to sign in. */
const memberRoutes: RouteObject[] = [
  {
    path: 'user/personal/safe',
    handle: title('账户安全'),
    lazy: page(
      () => import('../features/safety/pages/safety-page.tsx'),
      (m) => m.SafetyPage,
    ),
  },
  {
    path: 'user/account/delete',
    handle: title('注销账号'),
    lazy: page(
      () => import('../features/account-deletion/pages/account-deletion-page.tsx'),
      (m) => m.AccountDeletionPage,
    ),
  },
  {
    path: 'user',
    handle: title('会员中心'),
    lazy: page(
      () => import('../features/member-home/pages/member-home-page.tsx'),
      (m) => m.MemberHomePage,
    ),
  },
  {
    path: 'user/personal/addInfo/:type',
    handle: title('个人资料'),
    lazy: page(
      () => import('../features/profile/pages/profile-page.tsx'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: 'user/personal/address',
    handle: title('收货地址'),
    lazy: page(
      () => import('../features/addresses/pages/address-book-page.tsx'),
      (m) => m.AddressBookPage,
    ),
  },
  {
    path: 'user/patientInfo',
    handle: title('用药人管理'),
    lazy: page(
      () => import('../features/patients/pages/patient-list-page.tsx'),
      (m) => m.PatientListPage,
    ),
  },
  {
    path: 'user/patientInfo/:mode/:id?',
    handle: title('用药人信息'),
    lazy: page(
      () => import('../features/patients/pages/patient-form-page.tsx'),
      (m) => m.PatientFormPage,
    ),
  },
  {
    path: 'user/order/mine/:type',
    handle: title('我的订单'),
    lazy: page(
      () => import('../features/orders/pages/my-orders-page.tsx'),
      (m) => m.MyOrdersPage,
    ),
  },
  {
    path: 'user/order/detail/:id',
    handle: title('订单详情'),
    lazy: page(
      () => import('../features/orders/pages/order-detail-page.tsx'),
      (m) => m.OrderDetailPage,
    ),
  },
  {
    path: 'user/order/prescription/:ordersCode',
    handle: title('电子处方'),
    lazy: page(
      () => import('../features/orders/pages/prescription-page.tsx'),
      (m) => m.PrescriptionPage,
    ),
  },
  {
    path: 'user/account/coupon',
    handle: title('我的健康补贴'),
    lazy: page(
      () => import('../features/assets/pages/coupon-page.tsx'),
      (m) => m.CouponPage,
    ),
  },
  {
    path: 'user/account/couponRule',
    handle: title('补贴使用规则'),
    lazy: page(
      () => import('../features/assets/pages/coupon-rule-page.tsx'),
      (m) => m.CouponRulePage,
    ),
  },
  {
    path: 'user/account/coin',
    handle: title('健康币'),
    lazy: page(
      () => import('../features/assets/pages/coin-page.tsx'),
      (m) => m.CoinPage,
    ),
  },
  {
    path: 'user/personal/invoice',
    handle: title('我的发票'),
    lazy: page(
      () => import('../features/invoices/pages/invoice-list-page.tsx'),
      (m) => m.InvoiceListPage,
    ),
  },
  {
    path: 'user/personal/invoice/detail/:id',
    handle: title('发票详情'),
    lazy: page(
      () => import('../features/invoices/pages/invoice-detail-page.tsx'),
      (m) => m.InvoiceDetailPage,
    ),
  },
  {
    path: 'user/order/collect',
    handle: title('我的收藏'),
    lazy: page(
      () => import('../features/favorites/pages/collect-page.tsx'),
      (m) => m.CollectPage,
    ),
  },
  {
    path: 'user/order/drug',
    handle: title('缺货登记'),
    lazy: page(
      () => import('../features/reservations/pages/drug-reservation-page.tsx'),
      (m) => m.DrugReservationPage,
    ),
  },
  {
    path: 'user/order/evaluate/:id',
    handle: title('评价订单'),
    lazy: page(
      () => import('../features/orders/pages/evaluate-page.tsx'),
      (m) => m.EvaluatePage,
    ),
  },
];

/** Pages with the full header (storefront, agreement, demo tools, error). */
const siteRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/storefront/pages/home-page.tsx'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'search',
    handle: title('商品搜索'),
    lazy: page(
      () => import('../features/catalogue/pages/search-page.tsx'),
      (m) => m.SearchPage,
    ),
  },
  {
    path: 'product/:code',
    handle: title('商品详情'),
    lazy: page(
      () => import('../features/catalogue/pages/product-page.tsx'),
      (m) => m.ProductPage,
    ),
  },
  {
    path: 'agreement/:code',
    lazy: page(
      () => import('../features/agreement/pages/agreement-page.tsx'),
      (m) => m.AgreementPage,
    ),
  },
  {
    path: 'dev/sms-outbox',
    handle: title('短信发件箱（演示）'),
    lazy: page(
      () => import('../features/dev/pages/sms-outbox-page.tsx'),
      (m) => m.SmsOutboxPage,
    ),
  },
  {
    path: 'dev/mail-outbox',
    handle: title('邮件发件箱（演示）'),
    lazy: page(
      () => import('../features/dev/pages/mail-outbox-page.tsx'),
      (m) => m.MailOutboxPage,
    ),
  },
  { path: 'user/error', handle: title('页面出错了'), element: <ErrorPage /> },
];

/** Shopping pages of a member outside the member centre: the full header, no member menu. */
const shopMemberRoutes: RouteObject[] = [
  {
    path: 'cart',
    handle: title('购物车'),
    lazy: page(
      () => import('../features/cart/pages/cart-page.tsx'),
      (m) => m.CartPage,
    ),
  },
  {
    path: 'settle',
    handle: title('确认订单'),
    lazy: page(
      () => import('../features/checkout/pages/settle-page.tsx'),
      (m) => m.SettlePage,
    ),
  },
  {
    path: 'merchants/entry',
    handle: title('商家入驻'),
    lazy: page(
      () => import('../features/merchants/pages/merchant-entry-page.tsx'),
      (m) => m.MerchantEntryPage,
    ),
  },
];

/** Sign-in pages, with the simple header (/user/account/password/* and /user/bind/phone/* go here). */
const authRoutes: RouteObject[] = [
  {
    path: 'user/bind/phone/add',
    handle: title('绑定手机号'),
    lazy: page(
      () => import('../features/bind-phone/pages/bind-phone-page.tsx'),
      (m) => m.BindPhonePage,
    ),
  },
  {
    path: 'user/bind/phone/:type',
    handle: title('修改手机号'),
    lazy: page(
      () => import('../features/bind-phone/pages/bind-phone-page.tsx'),
      (m) => m.BindPhonePage,
    ),
  },
  {
    path: 'user/login',
    handle: title('欢迎登录'),
    loader: redirectMemberToHome,
    lazy: page(
      () => import('../features/auth/pages/login-page.tsx'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'user/register',
    handle: title('欢迎注册'),
    lazy: page(
      () => import('../features/auth/pages/register-page.tsx'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: 'user/account/password/edit',
    handle: title('修改密码'),
    lazy: page(
      () => import('../features/password/pages/password-page.tsx'),
      (m) => m.EditPasswordPage,
    ),
  },
  {
    path: 'user/account/password/forget',
    handle: title('忘记密码'),
    lazy: page(
      () => import('../features/password/pages/password-page.tsx'),
      (m) => m.ForgetPasswordPage,
    ),
  },
  {
    path: 'user/account/password/update',
    handle: title('更新密码'),
    lazy: page(
      () => import('../features/password/pages/password-page.tsx'),
      (m) => m.UpdatePasswordPage,
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
        handle: title('处方药问诊'),
        lazy: page(
          () => import('../features/inquiry/pages/inquiry-page.tsx'),
          (m) => m.InquiryPage,
        ),
      },
      {
        path: 'sandbox/cashier/:paymentId',
        handle: title('沙箱收银台'),
        lazy: page(
          () => import('../features/sandbox/pages/sandbox-cashier-page.tsx'),
          (m) => m.SandboxCashierPage,
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
    handle: title('订单确认'),
    lazy: page(
      () => import('../features/guest-pay/pages/entry-page.tsx'),
      (m) => m.GuestEntryPage,
    ),
  },
  {
    path: `${prefix}payJianke/inquiry`,
    handle: title('处方药问诊'),
    lazy: page(
      () => import('../features/guest-pay/pages/guest-inquiry-page.tsx'),
      (m) => m.GuestInquiryPage,
    ),
  },
  {
    path: `${prefix}payJianke/messagePayment`,
    handle: title('订单支付'),
    lazy: page(
      () => import('../features/guest-pay/pages/message-payment-page.tsx'),
      (m) => m.MessagePaymentPage,
    ),
  },
  {
    path: `${prefix}payJianke/patientInfo/:mode/:id?`,
    handle: title('用药人信息'),
    lazy: page(
      () => import('../features/patients/pages/guest-patient-page.tsx'),
      (m) => m.GuestPatientPage,
    ),
  },
  {
    path: `${prefix}timeout`,
    handle: title('链接已超时'),
    lazy: page(
      () => import('../features/guest-pay/pages/timeout-page.tsx'),
      (m) => m.TimeoutPage,
    ),
  },
]);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        // The sandbox OAuth provider's consent page: a provider's page, without the mall's shell.
        path: 'sandbox/oauth/:provider/authorize',
        handle: title('第三方授权（沙箱）'),
        lazy: page(
          () => import('../features/sandbox-oauth/pages/sandbox-authorize-page.tsx'),
          (m) => m.SandboxAuthorizePage,
        ),
      },
      {
        lazy: page(
          () => import('./shell/site-layout.tsx'),
          (m) => m.SiteLayout,
        ),
        children: [
          {
            // Errors of a page show inside the shell.
            errorElement: <ErrorPage />,
            children: [
              ...siteRoutes,
              {
                element: <RequireMember />,
                children: [
                  ...shopMemberRoutes,
                  {
                    lazy: page(
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
        ],
      },
      {
        element: <AuthLayout />,
        children: [{ errorElement: <ErrorPage />, children: authRoutes }],
      },
      ...guestPayRoutes,
      {
        // Opened on a phone by scanning the login QR code: its own bare mobile frame.
        path: 'm/qr-confirm',
        handle: title('扫码登录确认'),
        lazy: page(
          () => import('../features/qr/pages/qr-confirm-page.tsx'),
          (m) => m.QrConfirmPage,
        ),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
