import { describe, expect, it } from 'vitest';
import { payNowBodySchema } from './payments.ts';

describe('payNowBodySchema', () => {
  const base = { userId: 10000001, paySource: 'PC', platform: 'PC', paymentType: 99 };

  it('takes orderCodes as a comma-separated string or a list, trimmed and without repeats', () => {
    expect(payNowBodySchema.parse({ ...base, orderCodes: ' AX1 , AX2,AX1 ' }).orderCodes).toEqual(['AX1', 'AX2']);
    expect(payNowBodySchema.parse({ ...base, orderCodes: ['AX3'] }).orderCodes).toEqual(['AX3']);
  });

  it('needs at least one order and payment type 99', () => {
    expect(payNowBodySchema.safeParse({ ...base, orderCodes: ' , ' }).error?.issues[0]?.message).toBe(
      '请选择要支付的订单',
    );
    expect(payNowBodySchema.safeParse({ ...base, orderCodes: 'AX1', paymentType: 1 }).error?.issues[0]?.message).toBe(
      '请选择支付方式',
    );
  });

  it('defaults paySource and platform to PC', () => {
    expect(payNowBodySchema.parse({ userId: '10000001', orderCodes: 'AX1', paymentType: 99 })).toEqual({
      userId: 10000001,
      orderCodes: ['AX1'],
      paySource: 'PC',
      platform: 'PC',
      paymentType: 99,
    });
  });
});
