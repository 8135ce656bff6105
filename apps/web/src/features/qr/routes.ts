import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      // Opened on a phone by scanning the login QR code: its own bare mobile frame.
      path: '/m/qr-confirm',
      layout: 'bare',
      title: '扫码登录确认',
      page: () => import('./pages/qr-confirm-page.tsx').then((m) => m.QrConfirmPage),
    },
  ],
};
