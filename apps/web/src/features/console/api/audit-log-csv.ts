import { MSG } from '@anxin/shared/common/messages';
import { ApiError, buildApiUrl, NETWORK_ERROR_CODE, UNKNOWN_ERROR_CODE } from '../../../lib/api-client.ts';
import { clearStaffSession, getStaffToken } from '../lib/staff-session.ts';
import type { AuditSearch } from './audit-log.ts';

/**
 * GET /admin/audit-log.csv: the log with the page's filter as a file. Fetched with the staff token (a link
 * cannot carry it) and handed to the browser as a download.
 */
export async function downloadAuditLogCsv(query: Omit<AuditSearch, 'page'>): Promise<void> {
  const token = getStaffToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl('/admin/audit-log.csv', query), {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: MSG.networkPoor, hasServerMessage: false });
  }
  if (!response.ok) {
    if (response.status === 401) clearStaffSession();
    const reply = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError({
      status: response.status,
      code: reply.code ?? UNKNOWN_ERROR_CODE,
      message: reply.message ?? MSG.requestError,
      hasServerMessage: Boolean(reply.message),
    });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `操作日志-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
