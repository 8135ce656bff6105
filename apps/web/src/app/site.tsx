import { type ReactNode, StrictMode } from 'react';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

type SiteProps = {
  router: (props: { children: ReactNode }) => ReactNode;
  /** Rendered to be prerendered, or taking over a prerendered page's markup (AppProviders). */
  isPrerendered: boolean;
};

/**
 * The whole site under a router: main.tsx gives it the browser's, the build's prerender (prerender-page.tsx)
 * a fixed address. One tree for both, so the markup a page is prerendered with is the markup it hydrates.
 */
export function Site({ router: Router, isPrerendered }: SiteProps) {
  return (
    <StrictMode>
      <AppProviders isPrerendered={isPrerendered}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
