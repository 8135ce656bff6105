import { z } from 'zod';
import { LOGIN_PASSWORD_MAX_LENGTH } from '../account/account.constants.ts';
import {
  confirmPasswordSchema,
  loginNameSchema,
  newPasswordSchema,
  smsCodeSchema,
} from '../account/account.schemas.ts';
import { MSG } from '../common/messages.ts';
import { phoneSchema } from '../common/phone.ts';
import { imageCodeAnswerFields } from './password-login.schemas.ts';

// The password screens, /user/account/password/{edit|forget|update}.

export const passwordScreenTypes = ['edit', 'forget', 'update'] as const;
export type PasswordScreenType = (typeof passwordScreenTypes)[number];

/** The header of the screen by type (the UI texts "password screen titles"). */
export const PASSWORD_SCREEN_TITLES: Record<PasswordScreenType, string> = {
  edit: '修改密码',
  forget: '忘记密码',
  update: '更新密码',
};

/**
 * The current password of a change: only presence and the login input's max 20. Its strength is not checked:
 * passwords set under the old 6-16 rule must keep working (spec README, isLegacyPasswordAcceptable); a wrong
 * one is refused by the server's comparison.
 */
export const oldPasswordSchema = z
  .string({ error: MSG.oldPasswordEmpty })
  .min(1, { error: MSG.oldPasswordEmpty, abort: true })
  .max(LOGIN_PASSWORD_MAX_LENGTH, { error: MSG.passwordTooLong });

/** For a page's new-password field: the message when it repeats the old one, else undefined. */
export function checkNewPasswordDiffers(oldPassword: string, newPassword: string): string | undefined {
  return oldPassword.length > 0 && oldPassword === newPassword ? MSG.newPasswordSameAsOld : undefined;
}

/** An issue on one of the fields, or on the whole body (not an object at all: the refine must not read it). */
const hasIssueOn = (issues: readonly { path?: PropertyKey[] }[], ...fields: string[]) =>
  issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

/** PUT /v2/member/account/pwd: change with the current password (and the image code once it is asked for). */
export const changePasswordBodySchema = z
  .object({
    oldPwd: oldPasswordSchema,
    newPwd: newPasswordSchema,
    newPwdConfirm: confirmPasswordSchema,
    ...imageCodeAnswerFields,
  })
  .refine((body) => body.newPwd !== body.oldPwd, {
    error: MSG.newPasswordSameAsOld,
    path: ['newPwd'],
    when: (payload) => !hasIssueOn(payload.issues, 'oldPwd', 'newPwd'),
  })
  .refine((body) => body.newPwd === body.newPwdConfirm, {
    error: MSG.passwordsDiffer,
    path: ['newPwdConfirm'],
    when: (payload) => !hasIssueOn(payload.issues, 'newPwd', 'newPwdConfirm'),
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * How a reset by SMS code ends: `forget` signs every device out (the page goes to login), `update` (after
 * MEM0010001) signs the member in, `edit` (a signed-in member who sets the password by SMS) keeps the
 * current sign-in and ends the others.
 */
export const resetPasswordTypes = ['forget', 'update', 'edit'] as const;
export type ResetPasswordType = (typeof resetPasswordTypes)[number];

/** POST /v2/member/account/reset/pwd: userName is the phone the SMS code (purpose resetPassword) went to. */
export const resetPasswordBodySchema = z.object({
  userName: phoneSchema,
  password: newPasswordSchema,
  validCode: smsCodeSchema,
  type: z.enum(resetPasswordTypes, { error: MSG.badRequest }).default('forget'),
  /** Type update: the login name that was refused with MEM0010001; the phone must belong to that account. */
  loginName: loginNameSchema.optional(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /v2/member/account/current: is this the signed-in account's phone? */
export const currentPhoneBodySchema = z.object({ phoneNum: phoneSchema });
export type CurrentPhoneBody = z.infer<typeof currentPhoneBodySchema>;
/** Its reply: isCurrent '1' when it is. */
export const currentPhoneReplySchema = z.object({ isCurrent: z.enum(['0', '1']) });
export type CurrentPhoneReply = z.infer<typeof currentPhoneReplySchema>;
