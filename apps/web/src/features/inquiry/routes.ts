import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      // The prescription inquiry before paying: in the checkout's simple frame, usable on a phone.
      path: '/pay/inquiry',
      layout: 'auth',
      access: 'member',
      title: '处方药问诊',
      page: () => import('./pages/inquiry-page.tsx').then((m) => m.InquiryPage),
    },
  ],
};
