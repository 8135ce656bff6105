import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/order/mine/:type',
      layout: 'member',
      title: '我的订单',
      page: () => import('./pages/my-orders-page.tsx').then((m) => m.MyOrdersPage),
    },
    {
      path: '/user/order/detail/:id',
      layout: 'member',
      title: '订单详情',
      page: () => import('./pages/order-detail-page.tsx').then((m) => m.OrderDetailPage),
    },
    {
      path: '/user/order/prescription/:ordersCode',
      layout: 'member',
      title: '电子处方',
      page: () => import('./pages/prescription-page.tsx').then((m) => m.PrescriptionPage),
    },
    {
      path: '/user/order/evaluate/:id',
      layout: 'member',
      title: '评价订单',
      page: () => import('./pages/evaluate-page.tsx').then((m) => m.EvaluatePage),
    },
  ],
  memberMenu: [
    {
      group: '订单中心',
      label: '我的订单',
      path: '/user/order/mine/all',
      order: 10,
      matches: ['/user/order/mine', '/user/order/detail', '/user/order/evaluate'],
    },
  ],
};
