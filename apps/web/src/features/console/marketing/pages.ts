import { GiftOutlined, WalletOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../lib/console-page.ts';

/** 营销's coupon and coin pages (docs/CONSOLE.md, 营销 — 健康补贴与健康币). */
export const MARKETING_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin/coupons',
    title: '健康补贴',
    permission: 'assets.coupons',
    menu: '健康补贴',
    icon: GiftOutlined,
    page: () => import('./coupons-page.tsx').then((m) => m.CouponsPage),
  },
  {
    path: '/admin/coins',
    title: '健康币',
    permission: 'assets.coins',
    menu: '健康币',
    icon: WalletOutlined,
    page: () => import('./coins-page.tsx').then((m) => m.CoinsPage),
  },
];
