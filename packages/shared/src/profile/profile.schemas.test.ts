import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import {
  AVATAR_MAX_BYTES,
  birthdaySchema,
  checkAvatarFile,
  isBirthdayAfter,
  isValidBirthday,
  profileBodySchema,
  sexSchema,
} from './profile.schemas.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('sexSchema (1 male, 2 female)', () => {
  it.each([
    [1, 1],
    [2, 2],
    ['1', 1],
    ['2', 2],
  ])('accepts %j as %s', (value, sex) => {
    expect(sexSchema.parse(value)).toBe(sex);
  });
  it.each([undefined, null, 0, 3, '', '男', '0', 1.5, true])('rejects %j with 请选择性别', (value) => {
    expect(messagesOf(sexSchema.safeParse(value))).toEqual([MSG.sexRequired]);
  });
});

describe('birthday', () => {
  it.each(['1900-01-01', '1990-06-18', '2000-02-29', '2024-12-31'])('accepts %s', (value) => {
    expect(birthdaySchema.parse(value)).toBe(value);
  });
  it.each([
    ['', MSG.birthdayEmpty],
    [undefined, MSG.birthdayEmpty],
    ['1899-12-31', MSG.birthdayInvalid],
    ['1990-02-29', MSG.birthdayInvalid],
    ['1990-13-01', MSG.birthdayInvalid],
    ['1990-04-31', MSG.birthdayInvalid],
    ['1990-00-10', MSG.birthdayInvalid],
    ['1990-1-1', MSG.birthdayInvalid],
    ['19900101', MSG.birthdayInvalid],
    ['1990/01/01', MSG.birthdayInvalid],
  ])('rejects %j with %s', (value, message) => {
    expect(messagesOf(birthdaySchema.safeParse(value))).toEqual([message]);
  });
  it('compares dates as the calendar does', () => {
    expect(isValidBirthday('2100-02-29')).toBe(false);
    expect(isBirthdayAfter('2026-11-23', '2026-11-22')).toBe(true);
    expect(isBirthdayAfter('2026-11-22', '2026-11-22')).toBe(false);
    expect(isBirthdayAfter('1999-12-31', '2026-01-01')).toBe(false);
  });
});

describe('profileBodySchema', () => {
  it('takes sex, birthday and nickname, the avatar optional', () => {
    expect(profileBodySchema.parse({ sex: '2', birthday: '1990-06-18', nickName: ' 安心会员2026 ' })).toEqual({
      sex: 2,
      birthday: '1990-06-18',
      nickName: '安心会员2026',
    });
  });
  it('names each failing field', () => {
    const result = profileBodySchema.safeParse({ nickName: 'ab' });
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toEqual({ sex: MSG.sexRequired, birthday: MSG.birthdayEmpty, nickName: MSG.nicknameInvalid });
  });
});

describe('checkAvatarFile (the page, before uploading)', () => {
  it.each(['a.jpg', 'a.JPEG', 'photo.final.png', '头像.jpeg'])('lets %s through', (name) => {
    expect(checkAvatarFile({ name, size: 1000 })).toBeUndefined();
  });
  it.each(['a.gif', 'a.webp', 'a.svg', 'png', 'a.png.exe', 'a'])('refuses %s by type', (name) => {
    expect(checkAvatarFile({ name, size: 1000 })).toBe(MSG.avatarType);
  });
  it('takes exactly 2048 KB and refuses one byte more', () => {
    expect(checkAvatarFile({ name: 'a.png', size: AVATAR_MAX_BYTES })).toBeUndefined();
    expect(AVATAR_MAX_BYTES).toBe(2048 * 1024);
    expect(checkAvatarFile({ name: 'a.png', size: AVATAR_MAX_BYTES + 1 })).toBe(MSG.avatarSize);
  });
});
