import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/settle',
      layout: 'site',
      access: 'member',
      title: '确认订单',
      page: () => import('./pages/settle-page.tsx').then((m) => m.SettlePage),
    },
  ],
};
