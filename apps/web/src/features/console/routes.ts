import type { StaffPermission } from '@anxin/shared/staff/staff-roles';
import type { ComponentType } from 'react';

// The console's pages (docs/CONSOLE.md), as the site's features declare theirs (lib/feature-routes.ts): the
// console's route table (app/console-router.tsx) and its menu (lib/console-nav.ts) are built from this list.

export type ConsolePage = {
  /** From the site's root, parameters as React Router writes them. */
  path: string;
  /** The page title (the console's header, the browser tab). */
  title: string;
  /** What the staff member needs to open it (the server checks it again on every call); null: every one. */
  permission: StaffPermission | null;
  /** Its entry in the console's menu, if it has one. */
  menu?: string;
  page: () => Promise<ComponentType>;
};

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin',
    title: '工作台',
    permission: null,
    menu: '工作台',
    page: () => import('./pages/dashboard-page.tsx').then((m) => m.DashboardPage),
  },
  {
    path: '/admin/rx',
    title: '处方审核',
    permission: 'rx.review',
    menu: '处方审核',
    page: () => import('./pages/rx-queue-page.tsx').then((m) => m.RxQueuePage),
  },
  {
    path: '/admin/rx/:ordersCode',
    title: '审核处方',
    permission: 'rx.review',
    page: () => import('./pages/rx-review-page.tsx').then((m) => m.RxReviewPage),
  },
  {
    path: '/admin/orders',
    title: '订单',
    permission: 'orders.read',
    menu: '订单',
    page: () => import('./pages/orders-page.tsx').then((m) => m.OrdersPage),
  },
  {
    path: '/admin/orders/:ordersCode',
    title: '订单详情',
    permission: 'orders.read',
    page: () => import('./pages/order-detail-page.tsx').then((m) => m.OrderDetailPage),
  },
  {
    path: '/admin/guest-links',
    title: '代客下单',
    permission: 'guest.links',
    menu: '代客下单',
    page: () => import('./pages/guest-links-page.tsx').then((m) => m.GuestLinksPage),
  },
  {
    path: '/admin/audit-log',
    title: '操作日志',
    permission: 'audit.read',
    menu: '操作日志',
    page: () => import('./pages/audit-log-page.tsx').then((m) => m.AuditLogPage),
  },
];
