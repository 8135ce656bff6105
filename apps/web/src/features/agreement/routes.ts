import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts). The page titles itself with
// the text's own title.
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/agreement/:code',
      layout: 'site',
      page: () => import('./pages/agreement-page.tsx').then((m) => m.AgreementPage),
    },
  ],
};
