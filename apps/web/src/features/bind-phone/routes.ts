import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/bind/phone/add',
      layout: 'auth',
      title: '绑定手机号',
      page: () => import('./pages/bind-phone-page.tsx').then((m) => m.BindPhonePage),
    },
    {
      path: '/user/bind/phone/:type',
      layout: 'auth',
      title: '修改手机号',
      page: () => import('./pages/bind-phone-page.tsx').then((m) => m.BindPhonePage),
    },
  ],
};
