import type { CSSProperties, ReactNode } from 'react';
import { useMallConfig } from '../../features/mall/index.ts';
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
      <PageMain>
        <PageOutlet showsErrors />
      </PageMain>
      <SiteFooter />
    </div>
  );
}

/**
 * The page's skeletons show once its data has taken the mall configuration's `loadingDelay` (styles.css,
 * `--loading-delay`). Its own component, so the configuration's arrival draws the page again only here: the page
 * is the same element and is left alone.
 */
function PageMain({ children }: { children: ReactNode }) {
  const { loadingDelay } = useMallConfig();
  return (
    <main className="page-main" style={{ '--loading-delay': `${loadingDelay}ms` } as CSSProperties}>
      {children}
    </main>
  );
}
