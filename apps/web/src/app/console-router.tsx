import { isConsolePage } from '@anxin/shared/staff/console-pages';
import { useEffect } from 'react';
import { type RouteObject, useLocation } from 'react-router';
import {
  ConsoleFrame,
  ConsoleLayout,
  ConsoleNotFound,
  RequirePermission,
  RequireStaff,
} from '../features/console/index.ts';
import { CONSOLE_PAGES, type ConsolePage } from '../features/console/routes.ts';
import { PageLoading } from './error-page.tsx';
import { page, pageRouting } from './page-routing.tsx';
import { RootLayout } from './root-layout.tsx';

// The operator console's pages (docs/CONSOLE.md) are a script of their own (admin.html, admin-main.tsx): the
// server sends admin.html for every address under /admin. Built from the pages the console declares
// (features/console/routes.ts), each behind the permission it needs.

function routeOf({ path, title, permission, page: load }: ConsolePage): RouteObject {
  const route: RouteObject = {
    ...(path === '/admin' ? { index: true } : { path: path.slice('/admin/'.length) }),
    ...page(load, (component) => component, title),
  };
  return permission === null ? route : { element: <RequirePermission permission={permission} />, children: [route] };
}

/** An address outside the console: the site's page, loaded in place of this one. */
function OutsideConsolePage() {
  const { pathname, search, hash } = useLocation();
  const isInside = isConsolePage(pathname);
  useEffect(() => {
    if (!isInside) window.location.replace(`${pathname}${search}${hash}`);
  }, [isInside, pathname, search, hash]);
  return isInside ? <ConsoleNotFound /> : <PageLoading />;
}

/** The console's route table (exported for its test). */
export const consoleRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <ConsoleFrame />,
        children: [
          {
            path: 'admin/login',
            ...page(
              () => import('../features/console/pages/console-login-page.tsx'),
              (m) => m.ConsoleLoginPage,
              '员工登录',
            ),
          },
          {
            path: 'admin',
            element: <RequireStaff />,
            children: [
              {
                element: <ConsoleLayout />,
                children: [...CONSOLE_PAGES.map(routeOf), { path: '*', element: <ConsoleNotFound /> }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <OutsideConsolePage /> },
    ],
  },
];

/** The console's pages (admin-main.tsx). */
export const consoleRouting = pageRouting(consoleRoutes);
