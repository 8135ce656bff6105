import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/order/collect',
      layout: 'member',
      title: '我的收藏',
      page: () => import('./pages/collect-page.tsx').then((m) => m.CollectPage),
    },
  ],
  memberMenu: [{ group: '我的资产', label: '我的收藏', path: '/user/order/collect', order: 50 }],
};
