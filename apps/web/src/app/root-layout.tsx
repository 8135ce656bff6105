import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { documentTitle, useRouteTitle } from './shell/use-route-title.ts';

/** The root route: keeps the browser tab's title and the scroll position in step with the page. */
export function RootLayout() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  // A new page starts at its top; going back or forward leaves the browser to restore where the shopper was.
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs for each new path, which it does not read
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return <Outlet />;
}
