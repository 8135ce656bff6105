import { createContext, useContext } from 'react';
import type { PagePrefetch } from '../../lib/feature-routes.ts';

/**
 * A route's `handle`: the page title (simple header, browser tab), the loader of its script part, and what
 * starts fetching the page's first data when the site opens on it (app/page-routing.tsx, startPageOf).
 */
export type RouteHandle = {
  title?: string;
  preload?: () => Promise<unknown>;
  prefetch?: PagePrefetch;
};

/** The title of the deepest matched route that names one (set by AppRoutes). */
export const RouteTitleContext = createContext<string | undefined>(undefined);

export function useRouteTitle(): string | undefined {
  return useContext(RouteTitleContext);
}

const SITE_NAME = '安心大药房';

/** The browser tab's title of a page titled `pageTitle` (the home page has none). */
export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} - ${SITE_NAME}` : `${SITE_NAME} - 正品药品 药师服务`;
}
