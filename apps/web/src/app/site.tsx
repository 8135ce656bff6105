import { type ReactNode, StrictMode } from 'react';
import type { PageRouting } from './page-routing.tsx';
import { AppProviders } from './providers.tsx';

type SiteProps = {
  /** The pages: the site's (app/router.tsx) or the guest link's (app/guest-router.tsx). */
  routing: PageRouting;
  router: (props: { children: ReactNode }) => ReactNode;
  /** Rendered to be prerendered, or taking over a prerendered page's markup (AppProviders). */
  isPrerendered: boolean;
};

/**
 * The whole site under a router: main.tsx gives it the browser's, the build's prerender (prerender-page.tsx)
 * a fixed address. One tree for both, so the markup a page is prerendered with is the markup it hydrates.
 */
export function Site({ routing, router: Router, isPrerendered }: SiteProps) {
  return (
    <StrictMode>
      <AppProviders isPrerendered={isPrerendered}>
        <Router>
          <routing.AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
