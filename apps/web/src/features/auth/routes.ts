import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/login',
      layout: 'auth',
      access: 'visitor',
      title: '欢迎登录',
      page: () => import('./pages/login-page.tsx').then((m) => m.LoginPage),
    },
    {
      path: '/user/register',
      layout: 'auth',
      title: '欢迎注册',
      page: () => import('./pages/register-page.tsx').then((m) => m.RegisterPage),
    },
  ],
};
