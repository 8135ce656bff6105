import { TeamOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../lib/console-page.ts';

// 员工 (docs/CONSOLE.md, "Staff management"): the admin's page of staff accounts and roles.

export const STAFF_ADMIN_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin/staff',
    title: '员工',
    permission: 'staff.manage',
    menu: '员工',
    icon: TeamOutlined,
    page: () => import('./staff-admin-page.tsx').then((m) => m.StaffAdminPage),
  },
];
