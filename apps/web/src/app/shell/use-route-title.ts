import { createContext, useContext } from 'react';

/** A route's `handle`: the page title (simple header, browser tab) and the loader of its script part. */
export type RouteHandle = { title?: string; preload?: () => Promise<unknown> };

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
