import type { StaffMember } from '@anxin/shared/staff/staff.contract';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { describe, expect, it } from 'vitest';
import { navFor, navPathOf } from './console-nav.ts';

const staffWith = (...roles: StaffRole[]): StaffMember => ({
  id: 1,
  loginName: 'x',
  displayName: 'x',
  roles,
  permissions: permissionsOf(roles),
});
const labels = (staff: StaffMember) => navFor(staff).map((item) => item.label);

describe('the console menu', () => {
  it('shows each role the pages its permissions open, and the admin every one', () => {
    expect(labels(staffWith('pharmacist'))).toEqual(['工作台', '处方审核', '订单']);
    expect(labels(staffWith('warehouse'))).toEqual(['工作台', '订单']);
    expect(labels(staffWith('service'))).toEqual(['工作台', '订单', '代客下单']);
    expect(labels(staffWith('admin'))).toEqual(['工作台', '处方审核', '订单', '代客下单', '操作日志']);
  });

  it('lights the entry of a page and of the pages under it', () => {
    expect(navPathOf('/admin')).toBe('/admin');
    expect(navPathOf('/admin/rx/O123')).toBe('/admin/rx');
    expect(navPathOf('/admin/orders')).toBe('/admin/orders');
    expect(navPathOf('/admin/unknown')).toBe('/admin');
  });
});
