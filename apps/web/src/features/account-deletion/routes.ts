import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts). Reached from 账户安全, whose
// menu entry it lights up.
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/account/delete',
      layout: 'member',
      title: '注销账号',
      page: () => import('./pages/account-deletion-page.tsx').then((m) => m.AccountDeletionPage),
    },
  ],
};
