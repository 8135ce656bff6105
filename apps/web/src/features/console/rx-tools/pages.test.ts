import type { StaffMember } from '@anxin/shared/staff/staff.contract';
import { permissionsOf, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { describe, expect, it } from 'vitest';
import { navFor } from '../lib/console-nav.ts';

const staffWith = (...roles: StaffRole[]): StaffMember => ({
  id: 1,
  loginName: 'x',
  displayName: 'x',
  roles,
  permissions: permissionsOf(roles),
});
const entriesOf = (...roles: StaffRole[]) =>
  navFor(staffWith(...roles)).filter((item) => item.label === '问诊链接' || item.label === '处方设置');

describe('问诊链接 and 处方设置 in the console menu', () => {
  it('are shown to pharmacists and the admin, with an icon each', () => {
    for (const roles of [['pharmacist'], ['admin'], ['service', 'pharmacist']] as StaffRole[][]) {
      const entries = entriesOf(...roles);
      expect(entries.map((item) => [item.label, item.path])).toEqual([
        ['问诊链接', '/admin/inquiry-links'],
        ['处方设置', '/admin/rx-settings'],
      ]);
      for (const entry of entries) expect(entry.icon).toBeDefined();
    }
  });

  it('are not shown to customer service, the warehouse or operations', () => {
    expect(entriesOf('service')).toEqual([]);
    expect(entriesOf('warehouse')).toEqual([]);
    expect(entriesOf('operations', 'warehouse', 'service')).toEqual([]);
  });
});
