import type { ComponentType } from 'react';
import type { Params } from 'react-router';

// What a feature declares about its pages, in its own `features/<x>/routes.ts`: the app layer builds the route
// table (app/router.tsx) and the member centre's menu (app/shell/member-menu.ts) from every feature listed in
// app/features.ts, so a new feature adds its folder and one line there (docs/ADDING-A-DOMAIN.md).

/**
 * The frame a page is drawn in: `site` the storefront's (top bar, header with search, footer), `member` the
 * member centre's (the storefront's with the member menu; members only), `auth` the sign-in pages' simple
 * header, `bare` none (a page that is not the mall's, or a phone's).
 */
export type PageLayout = 'site' | 'member' | 'auth' | 'bare';

/**
 * Starts fetching a page's first data as the script starts, when the site opens on it (app/page-routing.tsx,
 * startPageOf), with the address's parameters and query.
 */
export type PagePrefetch = (params: Params, query: URLSearchParams) => void;

export type FeaturePage = {
  /** The page's address from the site's root, parameters as React Router writes them (`/product/:code`). */
  path: string;
  layout: PageLayout;
  /**
   * `member`: a visitor is sent to sign in and comes back (implied by the `member` layout); `visitor`: a member
   * who opens the page is sent to the member home (the login page). Anyone, without it.
   */
  access?: 'member' | 'visitor';
  /** The page title (simple header, browser tab); the home page has none. */
  title?: string;
  /** The page component, a script part of its own: `() => import('./pages/x-page.tsx').then((m) => m.XPage)`. */
  page: () => Promise<ComponentType>;
  prefetch?: PagePrefetch;
};

/** The member centre's menu groups, in the order shown. */
export const MEMBER_MENU_GROUP_ORDER = ['订单中心', '我的资产', '健康档案', '账户设置'] as const;
export type MemberMenuGroup = (typeof MEMBER_MENU_GROUP_ORDER)[number];

export type MemberMenuEntry = {
  group: MemberMenuGroup;
  label: string;
  /** Where the entry leads; it is lit while that page or one under it is open. */
  path: string;
  /** Its place in the menu, smallest first (within its group). */
  order: number;
  /** Further path prefixes that light the entry up (the pages it leads to). */
  matches?: string[];
};

export type FeatureRoutes = { pages: FeaturePage[]; memberMenu?: MemberMenuEntry[] };
