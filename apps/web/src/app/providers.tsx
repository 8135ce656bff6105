import { LoadingOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import seedToken from 'antd/es/theme/themes/seed.js';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { markPageInteractive, useElderlyMode } from '../lib/elderly-mode.ts';
import { createQueryClient, MEMBER_QUERY_KEY } from '../lib/query-client.ts';
import { subscribeSession } from '../lib/token-store.ts';
import { algorithmWithBuiltMapToken } from './built-map-token.ts';
import { FeedbackProvider } from './feedback.tsx';
import { ELDERLY_COMPONENTS, ELDERLY_TOKENS, theme } from './theme.ts';

/**
 * autoInsertSpace off: buttons read 登录, not 登 录 (the exact ui-text strings, also for screen readers and tests).
 * loadingIcon: antd's own spinner slides out with a CSS transition whose end it waits for; when a request ends
 * within a frame or two on a busy device, no transition runs, the spinner stays in the button (invisible,
 * still read out: "loading 确定") and the button keeps that name. A given icon is shown and removed at once.
 */
const BUTTON_CONFIG = { autoInsertSpace: false, loadingIcon: <LoadingOutlined aria-label="处理中" /> };

/**
 * A submit that fails its checks takes the focus to the first field in error: antd shows the message under the
 * field and names it in the field's aria-describedby, but does not announce it (WCAG 3.3.1).
 */
const FORM_CONFIG = { scrollToFirstError: { focus: true, block: 'center' } } as const;

/** The site's theme, its map token derived at build time (vite.config.ts defines ANTD_MAP_TOKEN). */
const SITE_THEME = {
  ...theme,
  algorithm: algorithmWithBuiltMapToken(import.meta.env.ANTD_MAP_TOKEN, { ...seedToken, ...theme.token }),
};

/** 长辈模式's theme: antd derives its map token from this seed when the mode is first turned on. */
const ELDERLY_SITE_THEME = {
  ...SITE_THEME,
  token: { ...theme.token, ...ELDERLY_TOKENS },
  components: ELDERLY_COMPONENTS,
};

/**
 * `isPrerendered`: the page's markup came prerendered (app/prerender-page.tsx) and React is taking it over. Until
 * it has, the page takes no input: its form controls are disabled (a value typed or a box ticked before then
 * would show in the page but not in the form's state) and it ignores the pointer (a tab or link handled by
 * the script would do nothing, or follow its bare href). Both end in a transition, which waits for the whole
 * page to hydrate (an urgent update would make React draw the parts still loading again, from scratch).
 */
export function AppProviders({ isPrerendered, children }: { isPrerendered: boolean; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [isInteractive, setIsInteractive] = useState(!isPrerendered);
  const isElderlyMode = useElderlyMode();
  useEffect(() => {
    if (isInteractive) markPageInteractive();
    else startTransition(() => setIsInteractive(true));
  }, [isInteractive]);

  // Signing in or out changes whose data the member queries hold: drop them all.
  useEffect(
    () =>
      subscribeSession(() => {
        queryClient.removeQueries({ queryKey: [MEMBER_QUERY_KEY] });
      }),
    [queryClient],
  );

  return (
    <ConfigProvider
      locale={zhCN}
      theme={isElderlyMode ? ELDERLY_SITE_THEME : SITE_THEME}
      button={BUTTON_CONFIG}
      form={FORM_CONFIG}
      componentDisabled={!isInteractive}
    >
      <FeedbackProvider>
        <div className={isInteractive ? 'app-root' : 'app-root app-root--hydrating'}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </div>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
