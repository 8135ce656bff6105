import { STAFF_ADMIN_MSG } from '@anxin/shared/staff/console-staff.contract';
import { describe, expect, it } from 'vitest';
import { refusalOfStaffChange } from './staff-admin.rules.ts';

// What an admin may not do to staff accounts (docs/CONSOLE.md, "Staff management"): lock themself out, or leave
// the console without an enabled admin.

const admin = { id: 1, roles: ['admin'] as const, isActive: true };
const otherAdmin = { id: 2, roles: ['admin', 'service'] as const, isActive: true };
const warehouse = { id: 3, roles: ['warehouse'] as const, isActive: true };

describe('refusalOfStaffChange', () => {
  it('refuses an admin disabling themself', () => {
    const refusal = refusalOfStaffChange({
      actorId: 1,
      target: admin,
      next: { ...admin, isActive: false },
      enabledAdminIds: [1, 2],
    });
    expect(refusal).toBe(STAFF_ADMIN_MSG.selfDisable);
  });

  it('refuses an admin removing their own admin role, not changing their other roles', () => {
    const base = { actorId: 1, target: admin, enabledAdminIds: [1, 2] };
    expect(refusalOfStaffChange({ ...base, next: { ...admin, roles: ['service'] } })).toBe(
      STAFF_ADMIN_MSG.selfAdminRemoval,
    );
    expect(refusalOfStaffChange({ ...base, next: { ...admin, roles: ['service', 'admin'] } })).toBeUndefined();
  });

  it('refuses taking the admin role or the account from the last enabled admin', () => {
    const base = { actorId: 9, target: otherAdmin, enabledAdminIds: [2] };
    expect(refusalOfStaffChange({ ...base, next: { ...otherAdmin, roles: ['service'] } })).toBe(
      STAFF_ADMIN_MSG.lastAdmin,
    );
    expect(refusalOfStaffChange({ ...base, next: { ...otherAdmin, isActive: false } })).toBe(STAFF_ADMIN_MSG.lastAdmin);
  });

  it('lets an admin take the role or the account from another admin while one enabled admin stays', () => {
    const base = { actorId: 1, target: otherAdmin, enabledAdminIds: [1, 2] };
    expect(refusalOfStaffChange({ ...base, next: { ...otherAdmin, roles: ['service'] } })).toBeUndefined();
    expect(refusalOfStaffChange({ ...base, next: { ...otherAdmin, isActive: false } })).toBeUndefined();
  });

  it('lets anything else through: other roles, a disabled admin, enabling', () => {
    expect(
      refusalOfStaffChange({
        actorId: 1,
        target: warehouse,
        next: { ...warehouse, isActive: false },
        enabledAdminIds: [1],
      }),
    ).toBeUndefined();
    const disabledAdmin = { id: 4, roles: ['admin'] as const, isActive: false };
    expect(
      refusalOfStaffChange({
        actorId: 1,
        target: disabledAdmin,
        next: { ...disabledAdmin, roles: ['service'] },
        enabledAdminIds: [1],
      }),
    ).toBeUndefined();
    expect(
      refusalOfStaffChange({
        actorId: 1,
        target: disabledAdmin,
        next: { ...disabledAdmin, isActive: true },
        enabledAdminIds: [1],
      }),
    ).toBeUndefined();
  });
});
