import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { phoneSchema } from '../common/phone.ts';
import {
  agreementSchema,
  checkConfirmPassword,
  countPasswordClasses,
  imageCodeSchema,
  isLegacyPasswordAcceptable,
  loginNameSchema,
  loginPasswordSchema,
  logoutBodySchema,
  memberNameSchema,
  newPasswordSchema,
  nicknameSchema,
  realNameSchema,
  refreshBodySchema,
  registerBodySchema,
  smsCodeSchema,
  smsLoginBodySchema,
  smsSendBodySchema,
  smsTicketBodySchema,
  smsVerifyBodySchema,
  validateBodySchema,
  withConfirmPassword,
} from './account.schemas.ts';

/** The messages of a failed parse ([] when it passed). */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The failed fields of an object parse, as { field: message }. */
function fieldsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('smsCodeSchema', () => {
  it.each([
    ['123456', '123456'],
    ['000000', '000000'],
    [' 654321 ', '654321'],
  ])('accepts %j as %s', (input, output) => {
    expect(smsCodeSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', MSG.smsCodeEmpty],
    ['   ', MSG.smsCodeEmpty],
    [undefined, MSG.smsCodeEmpty],
    [123456, MSG.smsCodeEmpty],
    ['12345', MSG.smsCodeMalformed],
    ['1234567', MSG.smsCodeMalformed],
    ['12345a', MSG.smsCodeMalformed],
    ['123 456', MSG.smsCodeMalformed],
    ['１２３４５６', MSG.smsCodeMalformed], // full-width digits
  ])('rejects %j with %s', (input, message) => {
    expect(messagesOf(smsCodeSchema, input)).toEqual([message]);
  });
});

describe('imageCodeSchema', () => {
  it.each([
    ['', [MSG.imageCodeEmpty]],
    ['  ', [MSG.imageCodeEmpty]],
    [undefined, [MSG.imageCodeEmpty]],
    ['a3Kx', []],
  ])('%j → %j', (input, messages) => {
    expect(messagesOf(imageCodeSchema, input)).toEqual(messages);
  });
});

describe('loginNameSchema and loginPasswordSchema', () => {
  it.each([
    ['', [MSG.userNameEmpty]],
    ['   ', [MSG.userNameEmpty]],
    [undefined, [MSG.userNameEmpty]],
    ['13800138000', []],
    ['zhang_san', []],
    ['a'.repeat(20), []],
    [` ${'a'.repeat(20)} `, []], // trimmed first
    ['a'.repeat(21), [MSG.userNameTooLong]],
  ])('login name %j → %j', (input, messages) => {
    expect(messagesOf(loginNameSchema, input)).toEqual(messages);
  });

  it.each([
    ['', [MSG.passwordEmpty]],
    [undefined, [MSG.passwordEmpty]],
    ['123456', []], // an old 6-character password still signs in
    ['abcdef', []], // no class rule at sign-in
    ['Demo@2026', []],
    ['a'.repeat(20), []],
    ['a'.repeat(21), [MSG.passwordTooLong]],
  ])('login password %j → %j', (input, messages) => {
    expect(messagesOf(loginPasswordSchema, input)).toEqual(messages);
  });

  it('does not trim a password', () => {
    expect(loginPasswordSchema.parse(' pass word ')).toBe(' pass word ');
  });
});

describe('agreementSchema', () => {
  it.each([
    [true, []],
    [false, [MSG.agreementRequired]],
    [undefined, [MSG.agreementRequired]],
    ['true', [MSG.agreementRequired]],
  ])('%j → %j', (input, messages) => {
    expect(messagesOf(agreementSchema, input)).toEqual(messages);
  });
});

describe('newPasswordSchema, presence and length', () => {
  it.each([
    ['', [MSG.newPasswordEmpty]],
    [undefined, [MSG.newPasswordEmpty]],
    ['Aa1', [MSG.newPasswordLength]],
    ['Aa1aaaa', [MSG.newPasswordLength]], // 7
    ['Aa1aaaaa', []], // 8
    ['Aa1aaaaaaaaaaaaa', []], // 16
    ['Aa1aaaaaaaaaaaaaa', [MSG.newPasswordLength]], // 17
    ['aaaaaaa', [MSG.newPasswordLength]], // length is checked before classes
  ])('%j → %j', (input, messages) => {
    expect(messagesOf(newPasswordSchema, input)).toEqual(messages);
  });
});

describe('newPasswordSchema, character classes', () => {
  const sample = { upper: 'A', lower: 'b', digit: '3', symbol: '@' } as const;
  const names = Object.keys(sample) as (keyof typeof sample)[];
  // Every non-empty combination of the four classes, each as a 10-character password.
  const combinations = Array.from({ length: 15 }, (_, index) => names.filter((_, bit) => ((index + 1) >> bit) & 1));

  it.each(combinations.map((classes) => [classes.join('+'), classes] as const))('%s', (_, classes) => {
    const password = classes
      .map((name) => sample[name])
      .join('')
      .repeat(10)
      .slice(0, 10);
    expect(countPasswordClasses(password)).toBe(classes.length);
    expect(messagesOf(newPasswordSchema, password)).toEqual(classes.length >= 3 ? [] : [MSG.newPasswordClasses]);
  });

  it.each([
    ['Demo@2026', []],
    ['Abcdefg1', []], // upper, lower, digit
    ['abc!@#123', []], // lower, symbol, digit
    ['ABC-_.123', []],
    ['Abc~`|{}[]', []],
    ['Abc 12345', [MSG.newPasswordClasses]], // a space is no symbol
    ['Abc12345中', [MSG.newPasswordClasses]], // nor is a Chinese character
    ['Abc12345！', [MSG.newPasswordClasses]], // nor a full-width mark
    ['12345678', [MSG.newPasswordClasses]],
    ['abcdefgh', [MSG.newPasswordClasses]],
    ['Abcdefgh', [MSG.newPasswordClasses]],
  ])('%j → %j', (input, messages) => {
    expect(messagesOf(newPasswordSchema, input)).toEqual(messages);
  });

  it('accepts exactly the 8-16 printable-ASCII passwords with three classes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        (pw) => {
          const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[!-/:-@[-`{-~]/].filter((re) => re.test(pw)).length;
          const expected = pw.length >= 8 && pw.length <= 16 && !pw.includes(' ') && classes >= 3;
          expect(newPasswordSchema.safeParse(pw).success).toBe(expected);
        },
      ),
    );
  });
});

describe('isLegacyPasswordAcceptable (looser reading for existing passwords)', () => {
  it.each([
    ['', false],
    ['12345', false],
    ['123456', true], // 6: accepted for old data, though new input needs 8
    ['abcdef', true], // no class rule
    ['a'.repeat(16), true],
    ['a'.repeat(17), false],
  ])('%j → %s', (input, expected) => {
    expect(isLegacyPasswordAcceptable(input)).toBe(expected);
  });

  it('accepts every valid new password', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][a-z][0-9][!-~]{5,13}$/), (pw) => {
        expect(newPasswordSchema.safeParse(pw).success).toBe(true);
        expect(isLegacyPasswordAcceptable(pw)).toBe(true);
      }),
    );
  });
});

describe('confirm password', () => {
  it.each([
    ['Demo@2026', '', MSG.confirmPasswordEmpty],
    ['Demo@2026', 'Demo@2027', MSG.passwordsDiffer],
    ['Demo@2026', 'demo@2026', MSG.passwordsDiffer],
    ['Demo@2026', 'Demo@2026', undefined],
  ])('checkConfirmPassword(%j, %j) → %s', (password, confirm, message) => {
    expect(checkConfirmPassword(password, confirm)).toBe(message);
  });

  const form = withConfirmPassword({ userName: phoneSchema, password: newPasswordSchema });

  it.each([null, undefined, 'text'])('refuses a body that is not an object (%s) without throwing', (body) => {
    expect(form.safeParse(body).success).toBe(false);
  });

  it.each([
    [{ userName: '13800138000', password: 'Demo@2026', confirmPassword: 'Demo@2026' }, {}],
    [{ userName: '13800138000', password: 'Demo@2026' }, { confirmPassword: MSG.confirmPasswordEmpty }],
    [
      { userName: '13800138000', password: 'Demo@2026', confirmPassword: '' },
      { confirmPassword: MSG.confirmPasswordEmpty },
    ],
    [
      { userName: '13800138000', password: 'Demo@2026', confirmPassword: 'Demo@2027' },
      { confirmPassword: MSG.passwordsDiffer },
    ],
    // A bad password is shown alone: comparing it would add noise.
    [{ userName: '13800138000', password: 'short', confirmPassword: 'other' }, { password: MSG.newPasswordLength }],
    // Another field's error does not hide the mismatch...
    [
      { userName: '12800138000', password: 'Demo@2026', confirmPassword: 'Demo@2027' },
      { userName: MSG.phoneMalformed, confirmPassword: MSG.passwordsDiffer },
    ],
    // ...unless it came from an `abort: true` check: zod then skips the object's refinements.
    [{ userName: '', password: 'Demo@2026', confirmPassword: 'Demo@2027' }, { userName: MSG.phoneEmpty }],
  ])('%j → %j', (input, fields) => {
    expect(fieldsOf(form, input)).toEqual(fields);
  });

  it('returns the parsed object with confirmPassword', () => {
    expect(form.parse({ userName: ' 13800138000 ', password: 'Demo@2026', confirmPassword: 'Demo@2026' })).toEqual({
      userName: '13800138000',
      password: 'Demo@2026',
      confirmPassword: 'Demo@2026',
    });
  });
});

describe('names', () => {
  it.each([
    ['abc', false], // 3
    ['abcd', true], // 4
    ['安心会员', true],
    ['安心会员2026', true],
    ['a_b-c', true],
    ['a'.repeat(20), true],
    ['a'.repeat(21), false],
    ['  abcd  ', true], // trimmed first
    ['ab cd', false],
    ['abc!', false],
    ['abc😀', false],
    ['', false],
    ['ａｂｃｄ', false], // full-width letters
  ])('nickname %j → %s', (input, ok) => {
    expect(messagesOf(nicknameSchema, input)).toEqual(ok ? [] : [MSG.nicknameInvalid]);
  });

  it.each([
    ['a', false], // 1
    ['ab', true], // 2
    ['张三', true],
    ['会员_01', true],
    ['a'.repeat(20), true],
    ['a'.repeat(21), false],
    ['a.b', false],
    ['', false],
  ])('member name %j → %s', (input, ok) => {
    expect(messagesOf(memberNameSchema, input)).toEqual(ok ? [] : [MSG.memberNameInvalid]);
  });

  it.each([
    ['张', false], // 1
    ['张三', true], // 2
    ['Tom', true],
    ['欧阳Nana', true],
    ['一二三四五六七八九十', true], // 10
    ['一二三四五六七八九十一', false], // 11
    ['张3', false],
    ['Tom Lee', false],
    ['张_三', false],
    ['', false],
  ])('real name %j → %s', (input, ok) => {
    expect(messagesOf(realNameSchema, input)).toEqual(ok ? [] : [MSG.realNameInvalid]);
  });
});

describe('request bodies', () => {
  it.each([
    [
      'registerBodySchema',
      registerBodySchema,
      { userName: '13800138000', validCode: '123456', password: 'Demo@2026', extra: 1 },
      { userName: '13800138000', validCode: '123456', password: 'Demo@2026' },
    ],
    [
      'smsLoginBodySchema',
      smsLoginBodySchema,
      { phoneNum: ' 13800138000', smsCode: '123456' },
      { phoneNum: '13800138000', smsCode: '123456' },
    ],
    [
      'validateBodySchema',
      validateBodySchema,
      { userName: '13800138000', ticket: 't-1' },
      { userName: '13800138000', ticket: 't-1' },
    ],
    [
      'smsTicketBodySchema',
      smsTicketBodySchema,
      { phoneNum: '13800138000' },
      { phoneNum: '13800138000', purpose: 'login' },
    ],
    [
      'smsTicketBodySchema',
      smsTicketBodySchema,
      { phoneNum: '13800138000', purpose: 'register' },
      { phoneNum: '13800138000', purpose: 'register' },
    ],
    [
      'smsSendBodySchema',
      smsSendBodySchema,
      { phoneNum: '13800138000', ticket: 't-1' },
      { phoneNum: '13800138000', ticket: 't-1' },
    ],
    [
      'smsSendBodySchema',
      smsSendBodySchema,
      { phoneNum: '13800138000', ticket: 't-1', validCode: 'slide-result' },
      { phoneNum: '13800138000', ticket: 't-1', validCode: 'slide-result' },
    ],
    [
      'smsVerifyBodySchema',
      smsVerifyBodySchema,
      { phoneNum: '13800138000', captcha: '123456' },
      { phoneNum: '13800138000', captcha: '123456', purpose: 'login' },
    ],
    ['refreshBodySchema', refreshBodySchema, { refreshToken: 'r' }, { refreshToken: 'r' }],
    ['logoutBodySchema', logoutBodySchema, {}, {}],
    [
      'logoutBodySchema',
      logoutBodySchema,
      { refreshToken: 'r', accessToken: 'a' },
      { refreshToken: 'r', accessToken: 'a' },
    ],
  ] as const)('%s accepts case %#', (_, schema, input, output) => {
    expect(schema.parse(input)).toEqual(output);
  });

  it.each([
    [
      'registerBodySchema',
      registerBodySchema,
      {},
      { userName: MSG.phoneEmpty, validCode: MSG.smsCodeEmpty, password: MSG.newPasswordEmpty },
    ],
    [
      'registerBodySchema',
      registerBodySchema,
      { userName: '12800138000', validCode: '12345', password: 'abcdefgh' },
      { userName: MSG.phoneMalformed, validCode: MSG.smsCodeMalformed, password: MSG.newPasswordClasses },
    ],
    [
      'smsLoginBodySchema',
      smsLoginBodySchema,
      { phoneNum: '', smsCode: '' },
      { phoneNum: MSG.phoneEmpty, smsCode: MSG.smsCodeEmpty },
    ],
    [
      'validateBodySchema',
      validateBodySchema,
      { userName: '138****8000', ticket: 't-1' },
      { userName: MSG.phoneMalformed },
    ],
    ['validateBodySchema', validateBodySchema, { userName: '13800138000' }, { ticket: MSG.captchaFailed }],
    ['smsTicketBodySchema', smsTicketBodySchema, {}, { phoneNum: MSG.phoneEmpty }],
    [
      'smsSendBodySchema',
      smsSendBodySchema,
      { phoneNum: '13800138000', ticket: '', validCode: 'x'.repeat(501) },
      { ticket: MSG.captchaFailed, validCode: MSG.captchaFailed },
    ],
    [
      'smsSendBodySchema',
      smsSendBodySchema,
      { phoneNum: '13800138000', ticket: 't'.repeat(201), validCode: 'v' },
      { ticket: MSG.captchaFailed },
    ],
    [
      'smsVerifyBodySchema',
      smsVerifyBodySchema,
      { phoneNum: '13800138000', captcha: 'abc' },
      { captcha: MSG.smsCodeMalformed },
    ],
    ['refreshBodySchema', refreshBodySchema, { refreshToken: '' }, { refreshToken: MSG.badRequest }],
    ['refreshBodySchema', refreshBodySchema, { refreshToken: 'r'.repeat(501) }, { refreshToken: MSG.badRequest }],
  ] as const)('%s rejects case %#', (_, schema, input, fields) => {
    expect(fieldsOf(schema, input)).toEqual(fields);
  });
});
