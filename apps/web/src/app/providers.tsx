import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useState } from 'react';
import { createQueryClient, MEMBER_QUERY_KEY } from '../lib/query-client.ts';
import { subscribeSession } from '../lib/token-store.ts';
import { FeedbackProvider } from './feedback.tsx';
import { theme } from './theme.ts';

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
    // autoInsertSpace off: buttons read 登录, not 登 录 (the exact ui-text strings, also for screen readers and tests).
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
