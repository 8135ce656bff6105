import type { RouteObject } from 'react-router';
import { prefetchProductPage } from '../features/catalogue/pages/product-page.prefetch.ts';
import { ErrorPage, NotFoundPage } from './error-page.tsx';
import { page, pageRouting } from './page-routing.tsx';
import { RootLayout } from './root-layout.tsx';
import { RedirectMemberToHome, RequireMember } from './route-guards.tsx';
import { AuthLayout } from './shell/auth-layout.tsx';
import type { RouteHandle } from './shell/use-route-title.ts';

// The site's pages (index.html; the guest link's pages are a script of their own: app/guest-router.tsx).
// Every page is its own chunk (page-routing.tsx); so are the storefront's and the member centre's layouts
// (header with search, member menu). The parts a path needs are all fetched at once when it opens, not the
// page only after its layout. The sign-in layout, the guards and the error page are in the main chunk so they
// can show a failed load. To add a page: one line in the right list below (and, for a member page, its entry
// in shell/member-menu.ts).

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

const routes: RouteObject[] = [
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
                children: [...memberRoutes, { path: 'user/*', element: <NotFoundPage isInColumn /> }],
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

/** The site's pages (main.tsx). */
export const siteRouting = pageRouting(routes);
