import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import { AUDIT_ACTION_NAME } from './console.contract.ts';
import {
  COUPON_BATCH_MAX_PHONES,
  coinAdjustBodySchema,
  couponBatchStartSchema,
  couponTemplateCreateSchema,
  MARKETING_AUDIT_ACTION_NAME,
  MARKETING_MSG,
  phonesOfText,
} from './console-assets.contract.ts';

/** The messages of a refused body, by field. */
function refusalsOf(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, body: object) {
  const parsed = schema.safeParse(body) as ReturnType<typeof couponTemplateCreateSchema.safeParse>;
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const template = {
  code: 'spring-20',
  title: '春季满99减20',
  couponType: 1,
  couponValue: 2000,
  minConsume: 9900,
  days: 30,
};

describe('a new coupon template', () => {
  it('takes a code, a trimmed title, the type, value and minimum in cents, the days and an optional range', () => {
    expect(
      couponTemplateCreateSchema.parse({ ...template, title: ' 春季满99减20 ', usingRange: ' 全场通用 ' }),
    ).toEqual({
      ...template,
      usingRange: '全场通用',
    });
    expect(couponTemplateCreateSchema.parse({ ...template, minConsume: 0, usingRange: '' })).toEqual({
      ...template,
      minConsume: 0,
      usingRange: undefined,
    });
  });

  it.each([['a'], ['-spring'], ['Spring'], ['春季'], ['spring 20'], ['a'.repeat(33)], ['']])(
    'refuses the code %j',
    (code) => {
      expect(refusalsOf(couponTemplateCreateSchema, { ...template, code })).toEqual({
        code: MARKETING_MSG.templateCodeInvalid,
      });
    },
  );

  it('refuses what the coupon command refuses, each with its message', () => {
    expect(refusalsOf(couponTemplateCreateSchema, { ...template, title: '  ' })).toEqual({
      title: MARKETING_MSG.templateTitleInvalid,
    });
    expect(refusalsOf(couponTemplateCreateSchema, { ...template, title: '一'.repeat(21) })).toEqual({
      title: MARKETING_MSG.templateTitleInvalid,
    });
    expect(refusalsOf(couponTemplateCreateSchema, { ...template, couponType: 2 })).toEqual({
      couponType: MARKETING_MSG.templateTypeInvalid,
    });
    for (const couponValue of [0, -100, 12.5, 100_000_000, '1000']) {
      expect(refusalsOf(couponTemplateCreateSchema, { ...template, couponValue })).toEqual({
        couponValue: MARKETING_MSG.templateValueInvalid,
      });
    }
    for (const minConsume of [-1, 0.5, 100_000_000]) {
      expect(refusalsOf(couponTemplateCreateSchema, { ...template, minConsume })).toEqual({
        minConsume: MARKETING_MSG.templateMinInvalid,
      });
    }
    for (const days of [0, 10_000, 1.5]) {
      expect(refusalsOf(couponTemplateCreateSchema, { ...template, days })).toEqual({
        days: MARKETING_MSG.templateDaysInvalid,
      });
    }
    expect(refusalsOf(couponTemplateCreateSchema, { ...template, usingRange: '限'.repeat(31) })).toEqual({
      usingRange: MARKETING_MSG.templateRangeTooLong,
    });
  });

  it('takes the command’s largest value and days', () => {
    const largest = { ...template, couponValue: 99_999_999, minConsume: 99_999_999, days: 9999 };
    expect(couponTemplateCreateSchema.safeParse(largest).success).toBe(true);
  });
});

describe('a batch', () => {
  it('keeps each phone once, trimmed, and takes all members with or without phones', () => {
    expect(couponBatchStartSchema.parse({ templateId: 3, phones: [' 13800000001', '13800000001'] })).toEqual({
      templateId: 3,
      phones: ['13800000001'],
      allMembers: false,
    });
    expect(couponBatchStartSchema.parse({ templateId: 3, allMembers: true })).toEqual({
      templateId: 3,
      phones: [],
      allMembers: true,
    });
  });

  it('needs a phone or all members, and names the malformed phones', () => {
    expect(refusalsOf(couponBatchStartSchema, { templateId: 3, phones: [] })).toEqual({
      phones: MARKETING_MSG.batchTargetEmpty,
    });
    expect(refusalsOf(couponBatchStartSchema, { templateId: 3, phones: ['13800000001', '1234', 'abc'] })).toEqual({
      phones: MARKETING_MSG.batchPhonesMalformed(['1234', 'abc']),
    });
    expect(refusalsOf(couponBatchStartSchema, { phones: ['13800000001'] })).toEqual({
      templateId: MARKETING_MSG.batchTemplateMissing,
    });
  });

  it(`takes ${COUPON_BATCH_MAX_PHONES} phones at most after removing repeats`, () => {
    const phones = Array.from(
      { length: COUPON_BATCH_MAX_PHONES + 1 },
      (_, index) => `138${String(index).padStart(8, '0')}`,
    );
    expect(refusalsOf(couponBatchStartSchema, { templateId: 3, phones })).toEqual({
      phones: MARKETING_MSG.batchTooManyPhones,
    });
    expect(couponBatchStartSchema.safeParse({ templateId: 3, phones: phones.slice(1) }).success).toBe(true);
  });

  it('reads the phones of a pasted text, separated by lines, commas or spaces', () => {
    expect(phonesOfText('13800000001\n13800000002，13800000003, 13800000004  13800000005\n\n')).toEqual([
      '13800000001',
      '13800000002',
      '13800000003',
      '13800000004',
      '13800000005',
    ]);
    expect(phonesOfText('  ')).toEqual([]);
  });
});

describe('a coin adjustment', () => {
  const valid = { phone: '13800000001', amount: -50, reason: '活动奖励撤回' };

  it('takes a phone, a signed whole amount and a trimmed reason', () => {
    expect(coinAdjustBodySchema.parse({ ...valid, reason: ' 活动奖励撤回 ' })).toEqual(valid);
    expect(coinAdjustBodySchema.parse({ ...valid, amount: 999_999_999 }).amount).toBe(999_999_999);
  });

  it('refuses a zero, fractional or too large amount, a missing reason and a bad phone', () => {
    for (const amount of [0, 1.5, 1_000_000_000, -1_000_000_000, '5']) {
      expect(refusalsOf(coinAdjustBodySchema, { ...valid, amount })).toEqual({
        amount: MARKETING_MSG.coinAmountInvalid,
      });
    }
    expect(refusalsOf(coinAdjustBodySchema, { ...valid, reason: ' ' })).toEqual({
      reason: MARKETING_MSG.coinReasonEmpty,
    });
    expect(refusalsOf(coinAdjustBodySchema, { ...valid, reason: '因'.repeat(51) })).toEqual({
      reason: MARKETING_MSG.coinReasonTooLong,
    });
    expect(refusalsOf(coinAdjustBodySchema, { ...valid, phone: '1380000' })).toEqual({ phone: MSG.phoneMalformed });
  });
});

describe('the audit log', () => {
  it('names every act of coupons and coins in Chinese', () => {
    for (const action of ['coupon.template', 'coupon.batch', 'coupon.issue', 'coins.adjust']) {
      expect(AUDIT_ACTION_NAME[action], action).toBe(MARKETING_AUDIT_ACTION_NAME[action]);
      expect(AUDIT_ACTION_NAME[action]).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
