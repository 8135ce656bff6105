import { PageOutlet } from '../page-outlet.tsx';
import { MainHeader } from './main-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

/** Storefront and member pages: top bar, header with search, page, footer. */
export function SiteLayout() {
  return (
    <div className="page-frame">
      <TopBar />
      <MainHeader />
      <main className="page-main">
        <PageOutlet showsErrors />
      </main>
      <SiteFooter />
    </div>
  );
}
