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
const OPERATIONS_MENU = ['商城配置', '商家入驻', '补货到货', '预约登记'];

describe('the operations pages in the console menu', () => {
  it('shows 运营 the configuration, the applications and the stock; 客服 the reservations; the admin all', () => {
    expect(labels('operations')).toEqual(expect.arrayContaining(['商城配置', '商家入驻', '补货到货']));
    expect(labels('operations')).not.toContain('预约登记');
    expect(labels('service')).toContain('预约登记');
    expect(labels('service')).not.toEqual(expect.arrayContaining(['商城配置']));
    expect(labels('service').filter((label) => OPERATIONS_MENU.includes(label))).toEqual(['预约登记']);
    expect(labels('admin')).toEqual(expect.arrayContaining(OPERATIONS_MENU));
    expect(labels('operations', 'service')).toEqual(expect.arrayContaining(OPERATIONS_MENU));
    for (const role of ['pharmacist', 'warehouse'] as const) {
      expect(
        labels(role).filter((label) => OPERATIONS_MENU.includes(label)),
        role,
      ).toEqual([]);
    }
  });

  it('lights 商家入驻 on an application’s page', () => {
    expect(navPathOf('/admin/merchants/12')).toBe('/admin/merchants');
    expect(navPathOf('/admin/mall-config')).toBe('/admin/mall-config');
  });
});
