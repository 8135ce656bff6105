import { RollbackOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../lib/console-page.ts';

/** 售后 (docs/AFTERSALE.md): the members' after-sales requests by age, and one request to decide. */
export const AFTERSALE_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin/aftersales',
    title: '售后',
    permission: 'aftersale.review',
    menu: '售后',
    icon: RollbackOutlined,
    page: () => import('./aftersale-queue-page.tsx').then((m) => m.AftersaleQueuePage),
  },
  {
    path: '/admin/aftersales/:code',
    title: '售后申请',
    permission: 'aftersale.review',
    page: () => import('./aftersale-request-page.tsx').then((m) => m.AftersaleRequestPage),
  },
];
