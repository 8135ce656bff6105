import { LoadingOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useState } from 'react';
import { createQueryClient, MEMBER_QUERY_KEY } from '../lib/query-client.ts';
import { subscribeSession } from '../lib/token-store.ts';
import { FeedbackProvider } from './feedback.tsx';
import { theme } from './theme.ts';

/**
 * autoInsertSpace off: buttons read 登录, not 登 录 (the exact ui-text strings, also for screen readers and tests).
 * loadingIcon: antd's own spinner slides out with a CSS transition whose end it waits for; when a request ends
 * within a frame or two on a busy device, no transition runs, the spinner stays in the button (invisible,
 * still read out: "loading 确定") and the button keeps that name. A given icon is shown and removed at once.
 */
const BUTTON_CONFIG = { autoInsertSpace: false, loadingIcon: <LoadingOutlined aria-label="处理中" /> };

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // Signing in or out changes whose data the member queries hold: drop them all.
  useEffect(
    () =>
      subscribeSession(() => {
        queryClient.removeQueries({ queryKey: [MEMBER_QUERY_KEY] });
      }),
    [queryClient],
  );

  return (
    <ConfigProvider locale={zhCN} theme={theme} button={BUTTON_CONFIG}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
