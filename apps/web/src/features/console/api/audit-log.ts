import type { Paged } from '@anxin/shared/common/page';
import type { AuditEntry, AuditLogQuery } from '@anxin/shared/staff/console.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from './console-request.ts';

/** The search of the audit log page, its page number a number. */
export type AuditSearch = Omit<AuditLogQuery, 'page'> & { page: number };

/** GET /admin/audit-log: the acts, newest first, by actor, action, object and day. */
export function getAuditLog(query: AuditSearch): Promise<Paged<AuditEntry>> {
  return consoleRequest('GET', '/audit-log', { query });
}

export function useAuditLog(query: AuditSearch) {
  return useQuery({
    queryKey: [CONSOLE_QUERY_KEY, 'audit-log', query],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
}
