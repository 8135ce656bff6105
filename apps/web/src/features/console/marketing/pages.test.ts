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
const MARKETING_MENU = ['健康补贴', '健康币'];

describe('the coupon and coin pages in the console menu', () => {
  it('shows 运营 and the admin 健康补贴 and 健康币, and no other role', () => {
    expect(labels('operations')).toEqual(expect.arrayContaining(MARKETING_MENU));
    expect(labels('admin')).toEqual(expect.arrayContaining(MARKETING_MENU));
    expect(labels('warehouse', 'operations')).toEqual(expect.arrayContaining(MARKETING_MENU));
    for (const role of ['pharmacist', 'service', 'warehouse'] as const) {
      expect(
        labels(role).filter((label) => MARKETING_MENU.includes(label)),
        role,
      ).toEqual([]);
    }
  });

  it('lights each entry on its own page', () => {
    expect(navPathOf('/admin/coupons')).toBe('/admin/coupons');
    expect(navPathOf('/admin/coins')).toBe('/admin/coins');
  });
});
