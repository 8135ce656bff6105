import { z } from 'zod';
import { newPasswordSchema } from '../account/account.schemas.ts';
import { STAFF_ROLES, type StaffRole } from './staff-roles.ts';

// 员工 (docs/CONSOLE.md, "Staff management"): the admin's list of staff accounts, a new account, its roles,
// disabling and enabling it, and resetting its second factor or password. What each route takes and answers.

export const STAFF_ADMIN_MSG = {
  loginNameInvalid: '登录名为4-32位小写字母、数字或下划线，以字母开头',
  loginNameTaken: '该登录名已被使用',
  displayNameInvalid: '姓名为1-20个字',
  rolesEmpty: '请至少选择一个角色',
  roleUnknown: '角色有误，请从列表中选择',
  staffIdInvalid: '员工编号有误',
  disabled: '该账号已停用，请联系管理员',
  selfDisable: '不能停用自己的账号',
  selfAdminRemoval: '不能移除自己的管理员角色',
  lastAdmin: '至少需保留一名启用中的管理员',
} as const;

/** What the audit log calls the acts of staff management (spread into AUDIT_ACTION_NAME). */
export const STAFF_AUDIT_ACTION_NAME: Record<string, string> = {
  'staff.create': '新建员工',
  'staff.roles': '修改员工角色',
  'staff.disable': '停用员工',
  'staff.enable': '启用员工',
  'staff.resetTotp': '重置动态验证码',
  'staff.resetPassword': '重置员工密码',
};

/** Lowercase letters, digits and underscores, starting with a letter, 4 to 32 (the sign-in takes 32 at most). */
export const STAFF_LOGIN_NAME_PATTERN = /^[a-z][a-z0-9_]{3,31}$/;
export const STAFF_LOGIN_NAME_MAX_LENGTH = 32;
export const STAFF_DISPLAY_NAME_MAX_LENGTH = 20;

export const staffLoginNameSchema = z
  .string({ error: STAFF_ADMIN_MSG.loginNameInvalid })
  .trim()
  .regex(STAFF_LOGIN_NAME_PATTERN, { error: STAFF_ADMIN_MSG.loginNameInvalid });

/** The name the console shows (王药师): trimmed, 1 to 20 characters, no control or format characters. */
export const staffDisplayNameSchema = z
  .string({ error: STAFF_ADMIN_MSG.displayNameInvalid })
  .trim()
  .min(1, { error: STAFF_ADMIN_MSG.displayNameInvalid, abort: true })
  .max(STAFF_DISPLAY_NAME_MAX_LENGTH, { error: STAFF_ADMIN_MSG.displayNameInvalid, abort: true })
  .refine((name) => !/[\p{Cc}\p{Cf}]/u.test(name), { error: STAFF_ADMIN_MSG.displayNameInvalid });

/** One role at least; each once, in the order of STAFF_ROLES whatever order they came in. */
export const staffRolesSchema = z
  .array(z.enum(STAFF_ROLES, { error: STAFF_ADMIN_MSG.roleUnknown }), { error: STAFF_ADMIN_MSG.rolesEmpty })
  .min(1, { error: STAFF_ADMIN_MSG.rolesEmpty })
  .max(STAFF_ROLES.length * 2, { error: STAFF_ADMIN_MSG.roleUnknown })
  .transform((roles): StaffRole[] => STAFF_ROLES.filter((role) => roles.includes(role)));

/** POST /admin/staff: a new staff member, who sets up the second factor on the first sign-in. */
export const staffCreateBodySchema = z.object({
  loginName: staffLoginNameSchema,
  displayName: staffDisplayNameSchema,
  roles: staffRolesSchema,
  /** The member password rules: 8-16 characters, three of uppercase, lowercase, digit, symbol. */
  password: newPasswordSchema,
});
export type StaffCreateBody = z.input<typeof staffCreateBodySchema>;

/** POST /admin/staff/{id}/roles. */
export const staffRolesBodySchema = z.object({ roles: staffRolesSchema });
export type StaffRolesBody = z.input<typeof staffRolesBodySchema>;

/** POST /admin/staff/{id}/reset-password. */
export const staffPasswordBodySchema = z.object({ password: newPasswordSchema });
export type StaffPasswordBody = z.input<typeof staffPasswordBodySchema>;

export const staffIdParamSchema = z.object({
  id: z.coerce
    .number({ error: STAFF_ADMIN_MSG.staffIdInvalid })
    .int({ error: STAFF_ADMIN_MSG.staffIdInvalid })
    .min(1, { error: STAFF_ADMIN_MSG.staffIdInvalid })
    .max(Number.MAX_SAFE_INTEGER, { error: STAFF_ADMIN_MSG.staffIdInvalid }),
});

/** GET /admin/staff: one staff account as the admin sees it; never its password or secret. */
export const staffAccountSchema = z.object({
  id: z.number(),
  loginName: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** The authenticator is set up; false until the first sign-in completes it (or after a reset). */
  hasSecondFactor: z.boolean(),
  isActive: z.boolean(),
  /** The latest sign-in (both steps passed); null for someone who never signed in. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffAccountListSchema = z.array(staffAccountSchema);
