import { CONSOLE_LOGIN_PAGE } from '@anxin/shared/staff/console-pages';
import { type HttpMethod, isApiError, type RequestOptions, requestWithToken } from '../../../lib/api-client.ts';
import { clearStaffSession, getStaffToken } from '../lib/staff-session.ts';

/** Every query of the console has a key starting with this, so signing out drops them all. */
export const CONSOLE_QUERY_KEY = 'console';

/**
 * A call of the console's API (`/web-gateway/admin…`) with the staff token. A 401 ends the staff session (the
 * guard then sends the page to /admin/login), except on the sign-in page, whose calls answer 401 for a spent
 * challenge without anything to end.
 */
export async function consoleRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await requestWithToken<T>(method, `/admin${path}`, options, getStaffToken());
  } catch (error) {
    if (isApiError(error) && error.status === 401 && window.location.pathname !== CONSOLE_LOGIN_PAGE) {
      clearStaffSession();
    }
    throw error;
  }
}
