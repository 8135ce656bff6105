import { describe, expect, it } from 'vitest';
import { couponTermsText } from './coupon-terms.ts';

describe('a template’s terms in one line', () => {
  it('says the minimum, the value and the days, a freight subsidy as such', () => {
    expect(couponTermsText({ couponType: 1, couponValue: 2000, minConsume: 9900, days: 60 })).toBe(
      '满¥99.00减¥20.00 · 60天',
    );
    expect(couponTermsText({ couponType: 1, couponValue: 500, minConsume: 0, days: 7 })).toBe('无门槛减¥5.00 · 7天');
    expect(couponTermsText({ couponType: 4, couponValue: 1000, minConsume: 0, days: 30 })).toBe(
      '无门槛 运费补贴¥10.00 · 30天',
    );
  });
});
