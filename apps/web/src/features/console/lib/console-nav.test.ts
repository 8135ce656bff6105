import type { StaffMember } from '@anxin/shared/staff/staff.contract';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES } from '../routes.ts';
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
  // Each area's own menu entries are checked beside its pages (its folder's pages.test.ts).
  it('shows each role the pages its permissions open, and the admin every one', () => {
    expect(labels(staffWith('pharmacist'))).toEqual(expect.arrayContaining(['工作台', '处方审核', '订单']));
    expect(labels(staffWith('pharmacist'))).not.toEqual(expect.arrayContaining(['代客下单']));
    expect(labels(staffWith('warehouse'))).toEqual(expect.arrayContaining(['工作台', '订单']));
    expect(labels(staffWith('warehouse'))).not.toEqual(expect.arrayContaining(['处方审核']));
    expect(labels(staffWith('service'))).toEqual(expect.arrayContaining(['工作台', '订单', '代客下单']));
    expect(labels(staffWith('service'))).not.toEqual(expect.arrayContaining(['操作日志']));
    const everyMenu = CONSOLE_PAGES.flatMap((page) => (page.menu ? [page.menu] : []));
    expect(labels(staffWith('admin'))).toEqual(everyMenu);
  });

  it('lights the entry of a page and of the pages under it', () => {
    expect(navPathOf('/admin')).toBe('/admin');
    expect(navPathOf('/admin/rx/O123')).toBe('/admin/rx');
    expect(navPathOf('/admin/orders')).toBe('/admin/orders');
    expect(navPathOf('/admin/unknown')).toBe('/admin');
  });
});
