import { couponTemplateCreateSchema, MARKETING_MSG } from '@anxin/shared/staff/console-assets.contract';
import { describe, expect, it } from 'vitest';
import { batchTargetRefusal, centsOf, coinChangeText, numberRules, yuanRules } from './marketing-form-rules.ts';

describe('the marketing forms', () => {
  it('turns yuan into whole cents, whatever the binary fraction', () => {
    expect(centsOf(19.9)).toBe(1990);
    expect(centsOf(0.07)).toBe(7);
    expect(centsOf(999_999.99)).toBe(99_999_999);
  });

  it('checks a batch’s phones as the server does, none needed for all members', () => {
    expect(batchTargetRefusal(' \n', false)).toBe(MARKETING_MSG.batchTargetEmpty);
    expect(batchTargetRefusal('', true)).toBeUndefined();
    expect(batchTargetRefusal('13800000001\n1380000', false)).toBe(MARKETING_MSG.batchPhonesMalformed(['1380000']));
    expect(batchTargetRefusal('13800000001，13800000002', false)).toBeUndefined();
  });

  it('words a coin change for the confirmation', () => {
    expect(coinChangeText(120)).toBe('增加 120 健康币');
    expect(coinChangeText(-30)).toBe('扣减 30 健康币');
  });
});

describe('a number field’s rules', () => {
  const check = async (rules: ReturnType<typeof numberRules>, value: unknown) => {
    for (const rule of rules) {
      if ('required' in rule && rule.required && (value === null || value === undefined)) return rule.message;
      if ('validator' in rule && rule.validator) {
        try {
          await rule.validator({} as never, value, () => undefined);
        } catch (error) {
          return (error as Error).message;
        }
      }
    }
    return undefined;
  };

  it('takes a number the server takes, and says the server’s message otherwise', async () => {
    const days = couponTemplateCreateSchema.shape.days;
    expect(await check(numberRules(days, MARKETING_MSG.templateDaysInvalid), 20)).toBeUndefined();
    expect(await check(numberRules(days, MARKETING_MSG.templateDaysInvalid), 0)).toBe(
      MARKETING_MSG.templateDaysInvalid,
    );
    expect(await check(numberRules(days, MARKETING_MSG.templateDaysInvalid), null)).toBe(
      MARKETING_MSG.templateDaysInvalid,
    );
  });

  it('checks a yuan field as the cents it sends', async () => {
    const value = couponTemplateCreateSchema.shape.couponValue;
    expect(await check(yuanRules(value, MARKETING_MSG.templateValueInvalid), 8.8)).toBeUndefined();
    expect(await check(yuanRules(value, MARKETING_MSG.templateValueInvalid), 0.001)).toBe(
      MARKETING_MSG.templateValueInvalid,
    );
  });
});
