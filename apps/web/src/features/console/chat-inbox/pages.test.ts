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
const seesInbox = (...roles: StaffRole[]) => navFor(staffWith(...roles)).some((item) => item.label === '在线客服');

describe('在线客服 in the console menu', () => {
  it('is shown to those who answer chats: customer service, pharmacists (their queue) and the admin', () => {
    expect(seesInbox('service')).toBe(true);
    expect(seesInbox('pharmacist')).toBe(true);
    expect(seesInbox('admin')).toBe(true);
  });

  it('is not shown to the warehouse or operations', () => {
    expect(seesInbox('warehouse')).toBe(false);
    expect(seesInbox('operations')).toBe(false);
    expect(seesInbox('warehouse', 'operations')).toBe(false);
  });

  it('leads to the inbox, with an icon', () => {
    const entry = navFor(staffWith('service')).find((item) => item.label === '在线客服');
    expect(entry?.path).toBe('/admin/chat');
    expect(entry?.icon).toBeDefined();
  });
});
