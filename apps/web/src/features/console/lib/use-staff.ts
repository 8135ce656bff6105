import type { StaffMember } from '@anxin/shared/staff/staff.contract';
import type { StaffPermission } from '@anxin/shared/staff/staff-roles';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { CONSOLE_QUERY_KEY } from '../api/console-request.ts';
import { getMe } from '../api/staff-sign-in.ts';
import { getStaffToken, subscribeStaffSession } from './staff-session.ts';

const ME_QUERY_KEY = [CONSOLE_QUERY_KEY, 'me'] as const;

/** The staff token, re-rendering when the staff member signs in or out (a 401 included). */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribeStaffSession, () => getStaffToken());
}

/** The signed-in staff member (GET /admin/me), once per sign-in. */
export function useStaff() {
  const token = useStaffToken();
  return useQuery({ queryKey: [...ME_QUERY_KEY, token], queryFn: getMe, enabled: token !== null, staleTime: Infinity });
}

/** After the second factor: the reply already names the staff member, so the console need not ask again. */
export function rememberStaff(queryClient: QueryClient, token: string, staff: StaffMember): void {
  queryClient.setQueryData([...ME_QUERY_KEY, token], staff);
}

/** Whether the staff member holds `permission` (the server checks it again on every call). */
export function hasPermission(staff: StaffMember | undefined, permission: StaffPermission): boolean {
  return staff?.permissions.includes(permission) ?? false;
}

/** `hasPermission` for the signed-in staff member. */
export function useCan(permission: StaffPermission): boolean {
  return hasPermission(useStaff().data, permission);
}
