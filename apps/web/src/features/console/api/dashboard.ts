import type { Dashboard } from '@anxin/shared/staff/console.contract';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from './console-request.ts';

/** GET /admin/dashboard: today's figures and the last 30 days. */
export function getDashboard(): Promise<Dashboard> {
  return consoleRequest('GET', '/dashboard');
}

/** Asked again every minute while the dashboard is open. */
export function useDashboard() {
  return useQuery({ queryKey: [CONSOLE_QUERY_KEY, 'dashboard'], queryFn: getDashboard, refetchInterval: 60_000 });
}
