import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/cart',
      layout: 'site',
      access: 'member',
      title: '购物车',
      page: () => import('./pages/cart-page.tsx').then((m) => m.CartPage),
    },
  ],
};
