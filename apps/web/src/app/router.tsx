import type { RouteObject } from 'react-router';
import type { FeaturePage, FeatureRoutes, PageLayout } from '../lib/feature-routes.ts';
import { ErrorPage, NotFoundPage } from './error-page.tsx';
import * as features from './features.ts';
import { page, pageRouting } from './page-routing.tsx';
import { RootLayout } from './root-layout.tsx';
import { RedirectMemberToHome, RequireMember } from './route-guards.tsx';
import { AuthLayout } from './shell/auth-layout.tsx';

// The site's pages (index.html; the guest link's pages are a script of their own: app/guest-router.tsx), built
// from the pages every feature declares in its routes.ts (app/features.ts). Every page is its own chunk
// (page-routing.tsx); so are the storefront's and the member centre's layouts (header with search, member menu).
// The parts a path needs are all fetched at once when it opens, not the page only after its layout. The sign-in
// layout, the guards and the error page are in the main chunk so they can show a failed load.

const PAGES: FeaturePage[] = Object.values(features).flatMap((feature: FeatureRoutes) => feature.pages);

function routeOf({ path, page: load, title, prefetch }: FeaturePage): RouteObject {
  return {
    // Declared from the site's root; the table's routes are relative to it (the home page is its index).
    ...(path === '/' ? { index: true } : { path: path.slice(1) }),
    ...page(load, (component) => component, title, prefetch),
  };
}

/**
 * The routes of the pages drawn in `layout`, each behind its guard: a member page (`member` access, or the
 * member centre's layout) sends a visitor to sign in, a `visitor` page sends a member to the member home.
 * `memberRoutes` go behind the member guard with them.
 */
function routesIn(layout: PageLayout, memberRoutes: RouteObject[] = []): RouteObject[] {
  const pages = PAGES.filter((it) => it.layout === layout);
  const forMembers = [...pages.filter((it) => it.access === 'member').map(routeOf), ...memberRoutes];
  const forVisitors = pages.filter((it) => it.access === 'visitor').map(routeOf);
  return [
    ...pages.filter((it) => it.access === undefined).map(routeOf),
    ...(forVisitors.length > 0 ? [{ element: <RedirectMemberToHome />, children: forVisitors }] : []),
    ...(forMembers.length > 0 ? [{ element: <RequireMember />, children: forMembers }] : []),
  ];
}

/** The site's route table (exported for its test). */
export const siteRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...routesIn('bare'),
      {
        ...page(
          () => import('./shell/site-layout.tsx'),
          (m) => m.SiteLayout,
        ),
        // Errors of a page show inside the shell (SiteLayout's PageOutlet).
        children: [
          ...routesIn('site', [
            {
              ...page(
                () => import('./shell/member-layout.tsx'),
                (m) => m.MemberLayout,
              ),
              // Any other /user path is a member page too: a visitor signs in first, a member sees "not found".
              children: [
                ...PAGES.filter((it) => it.layout === 'member').map(routeOf),
                { path: 'user/*', element: <NotFoundPage isInColumn /> },
              ],
            },
          ]),
          { path: 'user/error', handle: { title: '页面出错了' }, element: <ErrorPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The simple header: the sign-in, password and phone-binding pages, the inquiry, the sandbox cashier.
      { element: <AuthLayout />, children: routesIn('auth') },
    ],
  },
];

/** The site's pages (main.tsx). */
export const siteRouting = pageRouting(siteRoutes);
