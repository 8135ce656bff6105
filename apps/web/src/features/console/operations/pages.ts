import { BellOutlined, InboxOutlined, SettingOutlined, ShopOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../lib/console-page.ts';

/** 营销's operations pages (docs/CONSOLE.md): the mall configuration, open-store applications, stock, reservations. */
export const OPERATIONS_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin/mall-config',
    title: '商城配置',
    permission: 'mall.config',
    menu: '商城配置',
    icon: SettingOutlined,
    page: () => import('./mall-config-page.tsx').then((m) => m.MallConfigPage),
  },
  {
    path: '/admin/merchants',
    title: '商家入驻',
    permission: 'merchants.review',
    menu: '商家入驻',
    icon: ShopOutlined,
    page: () => import('./merchant-applications-page.tsx').then((m) => m.MerchantApplicationsPage),
  },
  {
    path: '/admin/merchants/:id',
    title: '入驻申请',
    permission: 'merchants.review',
    page: () => import('./merchant-application-page.tsx').then((m) => m.MerchantApplicationPage),
  },
  {
    path: '/admin/stock',
    title: '补货到货',
    permission: 'catalogue.stock',
    menu: '补货到货',
    icon: InboxOutlined,
    page: () => import('./stock-page.tsx').then((m) => m.StockPage),
  },
  {
    path: '/admin/reservations',
    title: '预约登记',
    permission: 'reservations.read',
    menu: '预约登记',
    icon: BellOutlined,
    page: () => import('./reservations-page.tsx').then((m) => m.ReservationsPage),
  },
];
