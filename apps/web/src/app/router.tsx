import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, NotFoundPage, PageLoading, RootErrorPage } from './error-page.tsx';
import { lazyWithTimeout } from './lazy-with-timeout.ts';
import { RootLayout } from './root-layout.tsx';
import { RequireMember, redirectMemberToHome } from './route-guards.tsx';
import { MemberLayout } from './shell/member-layout.tsx';
import { AuthLayout, SiteLayout } from './shell/site-layout.tsx';
import type { RouteHandle } from './shell/use-route-title.ts';

// Every page is its own chunk, loaded with the 120 s timeout (lazyWithTimeout); the shell, the guards and
// the error page are in the main chunk so they can show a failed load. To add a page: one line in the
// right list below (and, for a member page, its entry in shell/member-menu.ts).

/** Route fields of a page module's named component export. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyWithTimeout(async () => ({ Component: pick(await load()) }));
}

const title = (text: string): RouteHandle => ({ title: text });

/** Member pages: inside the member-centre layout, visitors are sent to sign in. */
const memberRoutes: RouteObject[] = [
  {
    path: 'user',
    handle: title('会员中心'),
    lazy: page(
      () => import('../features/member-home/pages/member-home-page.tsx'),
      (m) => m.MemberHomePage,
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
      () => import('../features/storefront/pages/search-page.tsx'),
      (m) => m.SearchPage,
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
  { path: 'user/error', handle: title('页面出错了'), element: <ErrorPage /> },
];

/** Sign-in pages, with the simple header (A §2; /user/account/password/* and /user/bind/phone/* go here). */
const authRoutes: RouteObject[] = [
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
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          {
            // Errors of a page show inside the shell.
            errorElement: <ErrorPage />,
            children: [
              ...siteRoutes,
              {
                element: <RequireMember />,
                children: [
                  {
                    element: <MemberLayout />,
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
    ],
  },
];

export const router = createBrowserRouter(routes);
