import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages and member menu entries (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/user/patientInfo',
      layout: 'member',
      title: '用药人管理',
      page: () => import('./pages/patient-list-page.tsx').then((m) => m.PatientListPage),
    },
    {
      path: '/user/patientInfo/:mode/:id?',
      layout: 'member',
      title: '用药人信息',
      page: () => import('./pages/patient-form-page.tsx').then((m) => m.PatientFormPage),
    },
  ],
  memberMenu: [{ group: '健康档案', label: '用药人管理', path: '/user/patientInfo', order: 70 }],
};
