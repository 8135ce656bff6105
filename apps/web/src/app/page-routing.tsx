import { type ComponentType, lazy, Suspense } from 'react';
import { matchRoutes, type Params, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageLoading, RootErrorPage } from './error-page.tsx';
import { lazyWithTimeout } from './lazy-with-timeout.ts';
import { RouteErrorBoundary } from './page-outlet.tsx';
import { type RouteHandle, RouteTitleContext } from './shell/use-route-title.ts';

// What a route table needs to serve pages (the site's, app/router.tsx, and the guest link's,
// app/guest-router.tsx): each page its own script part, loaded with the 120 s timeout (lazyWithTimeout); the
// parts an address needs all fetched at once when it opens, and its first data as the script starts.

/**
 * The route fields of a page module's named component export: the page, fetched on first use, its title, and
 * optionally what fetches its first data when the site opens on it (RouteHandle's `prefetch`).
 */
export function page<M>(
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

export type PageRouting = {
  /**
   * As the script starts: the page's first data where its route names it, then the parts of the address bar's
   * page, so that the request does not wait for the page's parts to arrive and render.
   */
  startPageOf(location: { pathname: string; search: string }): void;
  /**
   * Starts fetching the script parts of every route `pathname` matches, all at once (each part is fetched
   * once); answers the matched routes' handles.
   */
  preloadRoutesOf(pathname: string): (RouteHandle | undefined)[];
  /**
   * The page for the address bar: fetches its script parts (preloadRoutesOf), names the page title, and shows
   * the error page in a bare frame when a layout itself fails.
   */
  AppRoutes: ComponentType;
};

/** The pages of a route table (see PageRouting). */
export function pageRouting(routes: RouteObject[]): PageRouting {
  let lastMatch: { pathname: string; matches: { handle?: RouteHandle; params: Params }[] } | undefined;
  /** The routes `pathname` matches: matching walks the whole route table, and AppRoutes asks on each render. */
  const matchesOf = (pathname: string) => {
    if (lastMatch?.pathname !== pathname) {
      const matches = (matchRoutes(routes, pathname) ?? []).map(({ route, params }) => ({
        handle: route.handle as RouteHandle | undefined,
        params,
      }));
      lastMatch = { pathname, matches };
    }
    return lastMatch.matches;
  };

  let preloadedPathname: string | undefined;
  const preloadRoutesOf = (pathname: string) => {
    const handles = matchesOf(pathname).map(({ handle }) => handle);
    // Once per address: AppRoutes asks again on each render.
    if (preloadedPathname !== pathname) {
      for (const handle of handles) handle?.preload?.().catch(() => undefined);
      preloadedPathname = pathname;
    }
    return handles;
  };

  const startPageOf = ({ pathname, search }: { pathname: string; search: string }) => {
    const query = new URLSearchParams(search);
    for (const { handle, params } of matchesOf(pathname)) handle?.prefetch?.(params, query);
    preloadRoutesOf(pathname);
  };

  function AppRoutes() {
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

  return { startPageOf, preloadRoutesOf, AppRoutes };
}
