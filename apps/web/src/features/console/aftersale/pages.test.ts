import type { StaffMember } from '@anxin/shared/staff/staff.contract';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { describe, expect, it } from 'vitest';
import { navFor, navPathOf } from '../lib/console-nav.ts';

const staffWith = (...roles: StaffRole[]): StaffMember => ({
  id: 1,
  loginName: 'x',
  displayName: 'x',
  roles,
  permissions: permissionsOf(roles),
});
const labels = (...roles: StaffRole[]) => navFor(staffWith(...roles)).map((item) => item.label);

describe('the after-sales pages in the console menu', () => {
  it('shows 售后 to 客服 and the admin only', () => {
    expect(labels('service')).toContain('售后');
    expect(labels('admin')).toContain('售后');
    for (const role of ['pharmacist', 'warehouse', 'operations'] as const)
      expect(labels(role), role).not.toContain('售后');
  });

  it('lights 售后 on a request’s page', () => {
    expect(navPathOf('/admin/aftersales/SH2026112900000001')).toBe('/admin/aftersales');
  });
});
