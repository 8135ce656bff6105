import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import {
  changePasswordBodySchema,
  checkNewPasswordDiffers,
  oldPasswordSchema,
  resetPasswordBodySchema,
} from './password.schemas.ts';

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues[0];

describe('changePasswordBodySchema', () => {
  const valid = { oldPwd: 'abc123', newPwd: 'New@12345', newPwdConfirm: 'New@12345' };

  it.each([null, undefined, 'text', 42])('refuses a body that is not an object (%s) without throwing', (body) => {
    expect(changePasswordBodySchema.safeParse(body).success).toBe(false);
  });

  it('accepts an old password of the old 6-16 rule and a new one of the strict rule', () => {
    expect(changePasswordBodySchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ oldPwd: '' }, 'oldPwd', MSG.oldPasswordEmpty],
    [{ newPwd: '', newPwdConfirm: '' }, 'newPwd', MSG.newPasswordEmpty],
    [{ newPwd: 'Ab1!', newPwdConfirm: 'Ab1!' }, 'newPwd', MSG.newPasswordLength],
    [{ newPwd: 'abcdefgh', newPwdConfirm: 'abcdefgh' }, 'newPwd', MSG.newPasswordClasses],
    [{ oldPwd: 'Same@1234', newPwd: 'Same@1234', newPwdConfirm: 'Same@1234' }, 'newPwd', MSG.newPasswordSameAsOld],
    [{ newPwdConfirm: '' }, 'newPwdConfirm', MSG.confirmPasswordEmpty],
    [{ newPwdConfirm: 'New@123456' }, 'newPwdConfirm', MSG.passwordsDiffer],
  ])('refuses %j on %s with the message of the UI texts', (override, field, message) => {
    const issue = firstIssue(changePasswordBodySchema.safeParse({ ...valid, ...override }));
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toBe(message);
  });

  it('does not add 两次输入不一致 while the new password itself is wrong', () => {
    const result = changePasswordBodySchema.safeParse({ ...valid, newPwd: 'short', newPwdConfirm: 'other' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MSG.newPasswordLength]);
  });
});

describe('oldPasswordSchema and checkNewPasswordDiffers', () => {
  it('takes any current password up to the input maximum of 20', () => {
    expect(oldPasswordSchema.safeParse('a').success).toBe(true);
    expect(oldPasswordSchema.safeParse('a'.repeat(21)).error?.issues[0]?.message).toBe(MSG.passwordTooLong);
  });

  it('names the repeated password, and nothing while the old one is empty', () => {
    expect(checkNewPasswordDiffers('Abc@12345', 'Abc@12345')).toBe(MSG.newPasswordSameAsOld);
    expect(checkNewPasswordDiffers('Abc@12345', 'Abc@123456')).toBeUndefined();
    expect(checkNewPasswordDiffers('', '')).toBeUndefined();
  });
});

describe('resetPasswordBodySchema', () => {
  const valid = { userName: '13800138000', password: 'New@12345', validCode: '123456' };

  it('defaults the type to forget and accepts update with a login name', () => {
    expect(resetPasswordBodySchema.parse(valid).type).toBe('forget');
    expect(resetPasswordBodySchema.parse({ ...valid, type: 'update', loginName: 'legacy_demo' })).toMatchObject({
      type: 'update',
      loginName: 'legacy_demo',
    });
  });

  it.each([
    [{ userName: '' }, 'userName', MSG.phoneEmpty],
    [{ userName: '23800138000' }, 'userName', MSG.phoneMalformed],
    [{ password: 'weakpassword' }, 'password', MSG.newPasswordClasses],
    [{ validCode: '' }, 'validCode', MSG.smsCodeEmpty],
    [{ validCode: '12ab56' }, 'validCode', MSG.smsCodeMalformed],
    [{ type: 'other' }, 'type', MSG.badRequest],
  ])('refuses %j', (override, field, message) => {
    const issue = firstIssue(resetPasswordBodySchema.safeParse({ ...valid, ...override }));
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toBe(message);
  });
});
