import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts). The menu's own 会员中心 link
// leads here.
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user',
      layout: 'member',
      title: '会员中心',
      page: () => import('./pages/member-home-page.tsx').then((m) => m.MemberHomePage),
    },
  ],
};
