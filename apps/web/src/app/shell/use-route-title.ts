import { createContext, useContext } from 'react';

/** A route's `handle`: the page title (simple header, browser tab) and the loader of its script part. */
export type RouteHandle = { title?: string; preload?: () => Promise<unknown> };

/** The title of the deepest matched route that names one (set by AppRoutes). */
export const RouteTitleContext = createContext<string | undefined>(undefined);

export function useRouteTitle(): string | undefined {
  return useContext(RouteTitleContext);
}
