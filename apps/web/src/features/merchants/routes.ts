import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/merchants/entry',
      layout: 'site',
      access: 'member',
      title: '商家入驻',
      page: () => import('./pages/merchant-entry-page.tsx').then((m) => m.MerchantEntryPage),
    },
  ],
};
