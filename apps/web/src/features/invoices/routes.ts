import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/personal/invoice',
      layout: 'member',
      title: '我的发票',
      page: () => import('./pages/invoice-list-page.tsx').then((m) => m.InvoiceListPage),
    },
    {
      path: '/user/personal/invoice/detail/:id',
      layout: 'member',
      title: '发票详情',
      page: () => import('./pages/invoice-detail-page.tsx').then((m) => m.InvoiceDetailPage),
    },
  ],
  memberMenu: [{ group: '订单中心', label: '我的发票', path: '/user/personal/invoice', order: 20 }],
};
