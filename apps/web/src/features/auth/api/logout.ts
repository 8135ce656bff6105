import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession, getAccessToken, getRefreshToken } from '../../../lib/token-store.ts';

/** Ends the sign-in on the server, then here; a failed call still signs the member out of this page. */
export async function logout(): Promise<void> {
  const body = { refreshToken: getRefreshToken() ?? undefined, accessToken: getAccessToken() ?? undefined };
  try {
    await apiRequest<void>('POST', '/logout', { body });
  } catch {
    // Nothing to tell the member: the tokens are forgotten below either way.
  } finally {
    clearSession('logout');
  }
}
