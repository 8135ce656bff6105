import { CONSOLE_LOGIN_PAGE, isConsolePage } from '@anxin/shared/staff/console-pages';
import { isSafeBackUrl } from '../../../lib/safe-back-url.ts';

/** The console's first page after signing in. */
export const CONSOLE_HOME = '/admin';

/** Where signing in goes on: `back` when it is a page of the console (not the sign-in itself), else the home. */
export function consoleBackUrl(back: string | null): string {
  if (!isSafeBackUrl(back)) return CONSOLE_HOME;
  const { pathname } = new URL(back, 'http://console');
  return isConsolePage(pathname) && pathname !== CONSOLE_LOGIN_PAGE ? back : CONSOLE_HOME;
}

/** The sign-in page, to come back to `from` afterwards. */
export function consoleLoginUrl(from: string): string {
  return from === CONSOLE_HOME ? CONSOLE_LOGIN_PAGE : `${CONSOLE_LOGIN_PAGE}?back=${encodeURIComponent(from)}`;
}
