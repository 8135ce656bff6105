import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/aftersale',
      layout: 'member',
      title: '我的售后',
      page: () => import('./pages/aftersale-list-page.tsx').then((m) => m.AftersaleListPage),
    },
    {
      path: '/user/aftersale/apply/:ordersCode',
      layout: 'member',
      title: '申请售后',
      page: () => import('./pages/apply-page.tsx').then((m) => m.ApplyPage),
    },
    {
      path: '/user/aftersale/:code',
      layout: 'member',
      title: '售后详情',
      page: () => import('./pages/aftersale-detail-page.tsx').then((m) => m.AftersaleDetailPage),
    },
  ],
  memberMenu: [{ group: '订单中心', label: '我的售后', path: '/user/aftersale', order: 15 }],
};
