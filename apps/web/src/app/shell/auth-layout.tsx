import { PageOutlet } from '../page-outlet.tsx';
import { SimpleHeader } from './simple-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useRouteTitle } from './use-route-title.ts';

/** Sign-in pages: the simple header with the page title, page, footer. */
export function AuthLayout() {
  const title = useRouteTitle();
  return (
    <div className="page-frame page-frame--auth">
      <SimpleHeader title={title} />
      <main className="page-main page-main--auth">
        <PageOutlet showsErrors />
      </main>
      <SiteFooter variant="simple" />
    </div>
  );
}
