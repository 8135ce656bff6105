import { AuditOutlined, DashboardOutlined, FileSearchOutlined, ProfileOutlined, SendOutlined } from '@ant-design/icons';
import { AFTERSALE_PAGES } from './aftersale/pages.ts';
import { CHAT_INBOX_PAGES } from './chat-inbox/pages.ts';
import type { ConsolePage } from './lib/console-page.ts';

export type { ConsolePage };

import { MARKETING_PAGES } from './marketing/pages.ts';
import { OPERATIONS_PAGES } from './operations/pages.ts';
import { RX_TOOLS_PAGES } from './rx-tools/pages.ts';
import { STAFF_ADMIN_PAGES } from './staff-admin/pages.ts';

// The console's pages (docs/CONSOLE.md), as the site's features declare theirs (lib/feature-routes.ts): the
// console's route table (app/console-router.tsx) and its menu (lib/console-nav.ts, in this order) are built from
// this list. Each area of the console declares its pages in its own folder's pages.ts.

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin',
    title: '工作台',
    permission: null,
    menu: '工作台',
    icon: DashboardOutlined,
    page: () => import('./pages/dashboard-page.tsx').then((m) => m.DashboardPage),
  },
  {
    path: '/admin/rx',
    title: '处方审核',
    permission: 'rx.review',
    menu: '处方审核',
    icon: AuditOutlined,
    page: () => import('./pages/rx-queue-page.tsx').then((m) => m.RxQueuePage),
  },
  {
    path: '/admin/rx/:ordersCode',
    title: '审核处方',
    permission: 'rx.review',
    page: () => import('./pages/rx-review-page.tsx').then((m) => m.RxReviewPage),
  },
  ...RX_TOOLS_PAGES,
  {
    path: '/admin/orders',
    title: '订单',
    permission: 'orders.read',
    menu: '订单',
    icon: ProfileOutlined,
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
    icon: SendOutlined,
    page: () => import('./pages/guest-links-page.tsx').then((m) => m.GuestLinksPage),
  },
  ...AFTERSALE_PAGES,
  ...CHAT_INBOX_PAGES,
  ...OPERATIONS_PAGES,
  ...MARKETING_PAGES,
  ...STAFF_ADMIN_PAGES,
  {
    path: '/admin/audit-log',
    title: '操作日志',
    permission: 'audit.read',
    menu: '操作日志',
    icon: FileSearchOutlined,
    page: () => import('./pages/audit-log-page.tsx').then((m) => m.AuditLogPage),
  },
];
