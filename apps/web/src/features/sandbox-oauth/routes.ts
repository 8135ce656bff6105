import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      // The sandbox OAuth provider's consent page: a provider's page, without the mall's shell.
      path: '/sandbox/oauth/:provider/authorize',
      layout: 'bare',
      title: '第三方授权（沙箱）',
      page: () => import('./pages/sandbox-authorize-page.tsx').then((m) => m.SandboxAuthorizePage),
    },
  ],
};
