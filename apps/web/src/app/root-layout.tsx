import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from './shell/use-route-title.ts';

const SITE_NAME = '安心大药房';

/** The root route: keeps the browser tab's title and the scroll position in step with the page. */
export function RootLayout() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_NAME}` : `${SITE_NAME} - 正品药品 药师服务`;
  }, [title]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
