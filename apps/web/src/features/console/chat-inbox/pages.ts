import { CustomerServiceOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../lib/console-page.ts';

/** 在线客服 (docs/CHAT.md): customer service's and the pharmacists' chat inbox. */
export const CHAT_INBOX_PAGES: readonly ConsolePage[] = [
  {
    path: '/admin/chat',
    title: '在线客服',
    permission: 'chat.agent',
    menu: '在线客服',
    icon: CustomerServiceOutlined,
    page: () => import('./components/chat-inbox-page.tsx').then((m) => m.ChatInboxPage),
  },
];
