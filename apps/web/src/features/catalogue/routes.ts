import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { prefetchProductPage } from './pages/product-page.prefetch.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/search',
      layout: 'site',
      title: '商品搜索',
      page: () => import('./pages/search-page.tsx').then((m) => m.SearchPage),
    },
    {
      path: '/product/:code',
      layout: 'site',
      title: '商品详情',
      page: () => import('./pages/product-page.tsx').then((m) => m.ProductPage),
      prefetch: prefetchProductPage,
    },
  ],
};
