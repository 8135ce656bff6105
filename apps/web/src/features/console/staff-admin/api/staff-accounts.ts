import type { StaffAccount, StaffCreateBody } from '@anxin/shared/staff/console-staff.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_QUERY_KEY, consoleRequest } from '../../api/console-request.ts';

const STAFF_QUERY_KEY = [CONSOLE_QUERY_KEY, 'staff-accounts'] as const;

/** GET /admin/staff: every staff account, oldest first. */
export function getStaffAccounts(): Promise<StaffAccount[]> {
  return consoleRequest('GET', '/staff');
}

export function useStaffAccounts() {
  return useQuery({ queryKey: STAFF_QUERY_KEY, queryFn: getStaffAccounts });
}

/** What the admin can do to an account, each a POST under /admin/staff/{id}/. */
export type StaffAct =
  | { kind: 'roles'; roles: StaffRole[] }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'reset-totp' }
  | { kind: 'reset-password'; password: string };

function bodyOf(act: StaffAct) {
  if (act.kind === 'roles') return { roles: act.roles };
  if (act.kind === 'reset-password') return { password: act.password };
  return {};
}

export function actOnStaff(id: number, act: StaffAct): Promise<StaffAccount> {
  return consoleRequest('POST', `/staff/${id}/${act.kind}`, { body: bodyOf(act) });
}

/** POST /admin/staff (201, the new account). */
export function createStaffAccount(body: StaffCreateBody): Promise<StaffAccount> {
  return consoleRequest('POST', '/staff', { body });
}

/** Creating an account or acting on one; the list is asked for again (the audit log too). */
export function useStaffActs() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CONSOLE_QUERY_KEY] });
  return {
    create: useMutation({ mutationFn: createStaffAccount, onSuccess: refresh }),
    act: useMutation({
      mutationFn: ({ id, act }: { id: number; act: StaffAct }) => actOnStaff(id, act),
      onSuccess: refresh,
    }),
  };
}
