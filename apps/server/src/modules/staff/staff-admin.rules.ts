import { STAFF_ADMIN_MSG } from '@anxin/shared/staff/console-staff.contract';
import type { StaffRole } from '@anxin/shared/staff/staff-roles';

type StaffState = { id: number; roles: readonly StaffRole[]; isActive: boolean };

const isEnabledAdmin = (state: Omit<StaffState, 'id'>) => state.isActive && state.roles.includes('admin');

/**
 * Why an admin (`actorId`) may not bring `target` to `next`, or undefined when they may: nobody disables
 * themself or takes their own admin role (they would lock themself out of this page), and the console keeps
 * one enabled admin at least (`enabledAdminIds`: the enabled admins now, the caller holding their rows locked).
 */
export function refusalOfStaffChange(change: {
  actorId: number;
  target: StaffState;
  next: Omit<StaffState, 'id'>;
  enabledAdminIds: readonly number[];
}): string | undefined {
  const { actorId, target, next, enabledAdminIds } = change;
  if (target.id === actorId && target.isActive && !next.isActive) return STAFF_ADMIN_MSG.selfDisable;
  if (target.id === actorId && target.roles.includes('admin') && !next.roles.includes('admin')) {
    return STAFF_ADMIN_MSG.selfAdminRemoval;
  }
  const losesAdmin = isEnabledAdmin(target) && !isEnabledAdmin(next);
  if (losesAdmin && !enabledAdminIds.some((id) => id !== target.id)) return STAFF_ADMIN_MSG.lastAdmin;
  return undefined;
}
