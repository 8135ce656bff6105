import type { StaffMember } from '@anxin/shared/staff/staff.contract';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { describe, expect, it } from 'vitest';
import { navFor } from '../lib/console-nav.ts';
import { STAFF_ADMIN_PAGES } from './pages.ts';

const staffWith = (...roles: StaffRole[]): StaffMember => ({
  id: 1,
  loginName: 'x',
  displayName: 'x',
  roles,
  permissions: permissionsOf(roles),
});
const seesStaff = (...roles: StaffRole[]) => navFor(staffWith(...roles)).some((item) => item.label === '员工');

describe('员工 in the console menu', () => {
  it('is shown to the admin, alone or with other roles', () => {
    expect(seesStaff('admin')).toBe(true);
    expect(seesStaff('warehouse', 'admin')).toBe(true);
  });

  it('is not shown to any other role, nor to all of them together', () => {
    for (const role of ['pharmacist', 'service', 'warehouse', 'operations'] as const) {
      expect(seesStaff(role), role).toBe(false);
    }
    expect(seesStaff('pharmacist', 'service', 'warehouse', 'operations')).toBe(false);
  });

  it('leads to the staff page, with an icon, and needs staff.manage', () => {
    const entry = navFor(staffWith('admin')).find((item) => item.label === '员工');
    expect(entry?.path).toBe('/admin/staff');
    expect(entry?.icon).toBeDefined();
    expect(STAFF_ADMIN_PAGES.every((page) => page.permission === 'staff.manage')).toBe(true);
  });
});
