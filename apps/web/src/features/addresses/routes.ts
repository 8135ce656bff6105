import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/personal/address',
      layout: 'member',
      title: '收货地址',
      page: () => import('./pages/address-book-page.tsx').then((m) => m.AddressBookPage),
    },
  ],
  memberMenu: [{ group: '账户设置', label: '收货地址', path: '/user/personal/address', order: 80 }],
};
