import { MSG } from '@anxin/shared/common/messages';
import { describe, expect, it } from 'vitest';
import type { ValidatorRule } from '../../../lib/lazy-zod-rule.ts';
import { agreementRule, newPasswordRule, phoneRule, smsCodeRule } from './sign-in-rules.ts';

const check = (rule: ValidatorRule, value: unknown) =>
  (rule.validator as (rule: unknown, value: unknown) => Promise<void>)({}, value);

describe('the sign-in fields, checked with the shared schemas fetched on first check', () => {
  it('say what the server says for the phone, the SMS code, the agreement and the new password', async () => {
    await expect(check(phoneRule, '')).rejects.toThrow(MSG.phoneEmpty);
    await expect(check(phoneRule, '13800138000')).resolves.toBeUndefined();
    await expect(check(smsCodeRule, '12345')).rejects.toThrow(MSG.smsCodeMalformed);
    await expect(check(smsCodeRule, '123456')).resolves.toBeUndefined();
    await expect(check(agreementRule, false)).rejects.toThrow();
    await expect(check(agreementRule, true)).resolves.toBeUndefined();
    await expect(check(newPasswordRule, 'short')).rejects.toThrow();
    await expect(check(newPasswordRule, 'Good@2026x')).resolves.toBeUndefined();
  });
});
