import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/personal/addInfo/:type',
      layout: 'member',
      title: '个人资料',
      page: () => import('./pages/profile-page.tsx').then((m) => m.ProfilePage),
    },
  ],
  memberMenu: [
    {
      group: '账户设置',
      label: '个人资料',
      path: '/user/personal/addInfo/info',
      order: 90,
      matches: ['/user/personal/addInfo'],
    },
  ],
};
