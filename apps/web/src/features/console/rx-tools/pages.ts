import { LinkOutlined, SettingOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../lib/console-page.ts';

/** The pharmacist's tools (docs/CONSOLE.md): 问诊链接 (rx.links) and 处方设置 (rx.settings). */
export const RX_TOOLS_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin/inquiry-links',
    title: '问诊链接',
    permission: 'rx.links',
    menu: '问诊链接',
    icon: LinkOutlined,
    page: () => import('./components/inquiry-links-page.tsx').then((m) => m.InquiryLinksPage),
  },
  {
    path: '/admin/rx-settings',
    title: '处方设置',
    permission: 'rx.settings',
    menu: '处方设置',
    icon: SettingOutlined,
    page: () => import('./components/rx-settings-page.tsx').then((m) => m.RxSettingsPage),
  },
];
