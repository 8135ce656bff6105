import { describe, expect, it } from 'vitest';
import '../common/zod-locale.ts';
import { MSG } from '../common/messages.ts';
import { AUDIT_ACTION_NAME } from './console.contract.ts';
import {
  STAFF_ADMIN_MSG,
  STAFF_AUDIT_ACTION_NAME,
  staffCreateBodySchema,
  staffRolesBodySchema,
} from './console-staff.contract.ts';

const valid = { loginName: 'kefu_wang', displayName: '王客服', roles: ['service'], password: 'Start@2026' };

/** The messages of a refused new staff member, by field. */
function refusalsOf(change: object): Record<string, string> {
  const parsed = staffCreateBodySchema.safeParse({ ...valid, ...change });
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(change)}`);
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a new staff member', () => {
  it('takes a login name, a trimmed display name, roles and a password of the member rules', () => {
    expect(staffCreateBodySchema.parse({ ...valid, loginName: ' kefu_wang ', displayName: ' 王客服 ' })).toEqual(valid);
  });

  it.each([
    ['abc'],
    ['a'.repeat(33)],
    ['Kefu_wang'],
    ['1kefu'],
    ['_kefu'],
    ['kefu-wang'],
    ['kefu wang'],
    ['王客服'],
    [''],
  ])('refuses the login name %j', (loginName) => {
    expect(refusalsOf({ loginName })).toEqual({ loginName: STAFF_ADMIN_MSG.loginNameInvalid });
  });

  it('takes a login name of 4 and of 32 characters', () => {
    for (const loginName of ['kefu', `k${'a'.repeat(31)}`]) {
      expect(staffCreateBodySchema.safeParse({ ...valid, loginName }).success, loginName).toBe(true);
    }
  });

  it.each([[''], ['   '], ['一'.repeat(21)], ['王\u0000客服'], ['王\u202e客服']])(
    'refuses the display name %j',
    (displayName) => {
      expect(refusalsOf({ displayName })).toEqual({ displayName: STAFF_ADMIN_MSG.displayNameInvalid });
    },
  );

  it('refuses a password the member rules refuse, with their messages', () => {
    expect(refusalsOf({ password: '' })).toEqual({ password: MSG.newPasswordEmpty });
    expect(refusalsOf({ password: 'Ab@1' })).toEqual({ password: MSG.newPasswordLength });
    expect(refusalsOf({ password: 'abcdefgh12' })).toEqual({ password: MSG.newPasswordClasses });
  });

  it('needs one role at least, each a known one', () => {
    expect(refusalsOf({ roles: [] })).toEqual({ roles: STAFF_ADMIN_MSG.rolesEmpty });
    expect(refusalsOf({ roles: undefined })).toEqual({ roles: STAFF_ADMIN_MSG.rolesEmpty });
    expect(refusalsOf({ roles: ['service', 'boss'] })).toEqual({ 'roles.1': STAFF_ADMIN_MSG.roleUnknown });
  });
});

describe('the roles of a staff member', () => {
  it('keeps each role once, in the order of the roles table', () => {
    expect(staffRolesBodySchema.parse({ roles: ['admin', 'warehouse', 'admin'] })).toEqual({
      roles: ['warehouse', 'admin'],
    });
  });
});

describe('the acts of staff management in the audit log', () => {
  it('are named there in Chinese', () => {
    for (const action of ['staff.create', 'staff.roles', 'staff.disable', 'staff.enable', 'staff.resetTotp']) {
      expect(AUDIT_ACTION_NAME[action], action).toBe(STAFF_AUDIT_ACTION_NAME[action]);
      expect(AUDIT_ACTION_NAME[action]).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(AUDIT_ACTION_NAME['staff.resetPassword']).toBe('重置员工密码');
  });
});
