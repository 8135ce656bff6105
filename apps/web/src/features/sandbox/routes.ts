import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      // The sandbox payment gateway's cashier: payUrl leads here while no real gateway is configured. Only the
      // paying member may use it, so a visitor signs in first and comes back.
      path: '/sandbox/cashier/:paymentId',
      layout: 'auth',
      access: 'member',
      title: '沙箱收银台',
      page: () => import('./pages/sandbox-cashier-page.tsx').then((m) => m.SandboxCashierPage),
    },
  ],
};
