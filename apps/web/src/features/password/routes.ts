import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/account/password/edit',
      layout: 'auth',
      title: '修改密码',
      page: () => import('./pages/password-page.tsx').then((m) => m.EditPasswordPage),
    },
    {
      path: '/user/account/password/forget',
      layout: 'auth',
      title: '忘记密码',
      page: () => import('./pages/password-page.tsx').then((m) => m.ForgetPasswordPage),
    },
    {
      path: '/user/account/password/update',
      layout: 'auth',
      title: '更新密码',
      page: () => import('./pages/password-page.tsx').then((m) => m.UpdatePasswordPage),
    },
  ],
};
