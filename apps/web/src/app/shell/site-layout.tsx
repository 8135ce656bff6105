import { Outlet } from 'react-router';
import { MainHeader } from './main-header.tsx';
import { SimpleHeader } from './simple-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';
import { useRouteTitle } from './use-route-title.ts';

/** Storefront and member pages: top bar, header with search, page, footer. */
export function SiteLayout() {
  return (
    <div className="page-frame">
      <TopBar />
      <MainHeader />
      <main className="page-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** Sign-in pages: the simple header with the page title, page, footer. */
export function AuthLayout() {
  const title = useRouteTitle();
  return (
    <div className="page-frame page-frame--auth">
      <SimpleHeader title={title} />
      <main className="page-main page-main--auth">
        <Outlet />
      </main>
      <SiteFooter variant="simple" />
    </div>
  );
}
