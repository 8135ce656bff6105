import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import { passwordLoginBodySchema, passwordLoginPlainSchema } from './password-login.schemas.ts';
import { QR_STATUS, qrUuidSchema } from './qr-login.ts';

const cipher = `${'A'.repeat(342)}==`;

describe('passwordLoginBodySchema', () => {
  it('reads the form encoding: platform as text, empty captcha fields as absent', () => {
    const parsed = passwordLoginBodySchema.parse({
      platform: '1',
      loginName: cipher,
      password: cipher,
      key: 'k1',
      captchaId: '',
      captchaCode: '',
    });
    expect(parsed).toEqual({ platform: 1, loginName: cipher, password: cipher, key: 'k1' });
  });

  it('defaults platform to 1 (PC) and refuses any other', () => {
    expect(passwordLoginBodySchema.parse({ loginName: cipher, password: cipher, key: 'k' }).platform).toBe(1);
    expect(
      passwordLoginBodySchema.safeParse({ platform: 2, loginName: cipher, password: cipher, key: 'k' }).success,
    ).toBe(false);
  });

  it.each([
    [{ loginName: '' }, MSG.userNameEmpty],
    [{ password: undefined }, MSG.passwordEmpty],
    [{ key: '' }, MSG.loginKeyInvalid],
    [{ loginName: 'plain text!' }, MSG.loginKeyInvalid],
  ])('refuses %j', (override, message) => {
    const result = passwordLoginBodySchema.safeParse({ loginName: cipher, password: cipher, key: 'k', ...override });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('passwordLoginPlainSchema', () => {
  it('keeps the input limits of the page: login name and password up to 20', () => {
    expect(passwordLoginPlainSchema.safeParse({ loginName: 'anxin_demo', password: 'abc123' }).success).toBe(true);
    expect(passwordLoginPlainSchema.safeParse({ loginName: ' ', password: 'x' }).error?.issues[0]?.message).toBe(
      MSG.userNameEmpty,
    );
    expect(
      passwordLoginPlainSchema.safeParse({ loginName: 'a', password: 'p'.repeat(21) }).error?.issues[0]?.message,
    ).toBe(MSG.passwordTooLong);
  });
});

describe('QR login', () => {
  it('has the status values', () => {
    expect(QR_STATUS).toEqual({ pending: -1, unscanned: 0, scanned: 1, confirmed: 2, invalid: 3 });
  });

  it('takes only uuids of at least 128 bits of base64url', () => {
    expect(qrUuidSchema.safeParse('a'.repeat(32)).success).toBe(true);
    expect(qrUuidSchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(qrUuidSchema.safeParse(`${'a'.repeat(30)}/+`).success).toBe(false);
  });
});
