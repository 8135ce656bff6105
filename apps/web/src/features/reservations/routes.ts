import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/order/drug',
      layout: 'member',
      title: '缺货登记',
      page: () => import('./pages/drug-reservation-page.tsx').then((m) => m.DrugReservationPage),
    },
  ],
  memberMenu: [{ group: '我的资产', label: '缺货登记', path: '/user/order/drug', order: 60 }],
};
