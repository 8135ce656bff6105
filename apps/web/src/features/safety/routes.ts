import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/personal/safe',
      layout: 'member',
      title: '账户安全',
      page: () => import('./pages/safety-page.tsx').then((m) => m.SafetyPage),
    },
  ],
  memberMenu: [
    {
      group: '账户设置',
      label: '账户安全',
      path: '/user/personal/safe',
      order: 100,
      matches: ['/user/account/delete'],
    },
  ],
};
