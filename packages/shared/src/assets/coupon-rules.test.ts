import { describe, expect, it } from 'vitest';
import { type CouponTerms, couponDiscount } from './coupon-rules.ts';

const terms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  couponType: 1,
  couponValue: 1000,
  minConsume: 5000,
  scope: 'all',
  scopeCodes: [],
  deviceType: null,
  ...overrides,
});
const lines = [
  { productCode: 'P1', classCode: 'cold', lineTotal: 3000 },
  { productCode: 'P2', classCode: 'vitamin', lineTotal: 4000 },
];

describe('couponDiscount', () => {
  it('takes the value off when the minimum spend is reached', () => {
    expect(couponDiscount(terms(), lines, 0)).toBe(1000);
    expect(couponDiscount(terms({ minConsume: 7000 }), lines, 0)).toBe(1000);
    expect(couponDiscount(terms({ minConsume: 7001 }), lines, 0)).toBeNull();
  });
  it('counts only the money in scope', () => {
    expect(couponDiscount(terms({ scope: 'classCodes', scopeCodes: ['cold'], minConsume: 3000 }), lines, 0)).toBe(1000);
    expect(couponDiscount(terms({ scope: 'classCodes', scopeCodes: ['cold'], minConsume: 3001 }), lines, 0)).toBeNull();
    expect(couponDiscount(terms({ scope: 'productCodes', scopeCodes: ['P9'], minConsume: 0 }), lines, 0)).toBeNull();
    expect(
      couponDiscount(terms({ scope: 'productCodes', scopeCodes: ['P2'], couponValue: 9000, minConsume: 0 }), lines, 0),
    ).toBe(4000);
  });
  it('a freight subsidy pays freight only, and nothing when freight is free', () => {
    expect(couponDiscount(terms({ couponType: 4, minConsume: 0 }), lines, 800)).toBe(800);
    expect(couponDiscount(terms({ couponType: 4, minConsume: 0, couponValue: 500 }), lines, 1000)).toBe(500);
    expect(couponDiscount(terms({ couponType: 4, minConsume: 0 }), lines, 0)).toBeNull();
  });
  it('never an app-only coupon on the website', () => {
    expect(couponDiscount(terms({ deviceType: '3' }), lines, 0)).toBeNull();
  });
});
