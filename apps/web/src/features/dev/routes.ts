import type { FeatureRoutes } from '../../lib/feature-routes.ts';

// This feature's pages (lib/feature-routes.ts; registered in app/features.ts).
export const routes: FeatureRoutes = {
  pages: [
    {
      path: '/dev/sms-outbox',
      layout: 'site',
      title: '短信发件箱（演示）',
      page: () => import('./pages/sms-outbox-page.tsx').then((m) => m.SmsOutboxPage),
    },
    {
      path: '/dev/mail-outbox',
      layout: 'site',
      title: '邮件发件箱（演示）',
      page: () => import('./pages/mail-outbox-page.tsx').then((m) => m.MailOutboxPage),
    },
  ],
};
