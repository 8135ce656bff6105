import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [{ path: '/', layout: 'site', page: () => import('./pages/home-page.tsx').then((m) => m.HomePage) }],
};
