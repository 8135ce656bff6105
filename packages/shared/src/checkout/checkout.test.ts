import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsFor, buyNowBodySchema, FREE_FREIGHT_THRESHOLD, freightFor, placeOrderBodySchema } from './checkout.ts';

describe('freightFor', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [9899, 1000],
    [9900, 0],
    [250000, 0],
  ])('product money %i cents → freight %i', (money, freight) => {
    expect(freightFor(money)).toBe(freight);
  });
});

describe('amountsFor', () => {
  it('sums lines, adds freight under ¥99 and takes off the discount', () => {
    expect(amountsFor([{ price: 1980, quantity: 2 }])).toEqual({
      productMoney: 3960,
      freight: 1000,
      discount: 0,
      sum: 4960,
    });
    expect(amountsFor([{ price: 3300, quantity: 3 }], 500)).toEqual({
      productMoney: 9900,
      freight: 0,
      discount: 500,
      sum: 9400,
    });
  });

  it('always answers integer cents, sum = money + freight − discount, never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 1, max: 100_000 }), quantity: fc.integer({ min: 1, max: 99 }) }),
          {
            maxLength: 20,
          },
        ),
        fc.integer({ min: 0, max: 20_000 }),
        (lines, discount) => {
          const amounts = amountsFor(lines, discount);
          expect(Number.isSafeInteger(amounts.sum)).toBe(true);
          expect(amounts.sum).toBe(Math.max(0, amounts.productMoney + amounts.freight - discount));
          expect(amounts.freight === 0).toBe(
            amounts.productMoney === 0 || amounts.productMoney >= FREE_FREIGHT_THRESHOLD,
          );
        },
      ),
    );
  });
});

describe('request bodies', () => {
  it('buyNow defaults the quantity to 1 and keeps it within 1-99', () => {
    expect(buyNowBodySchema.parse({ skuCode: '1000101' })).toEqual({ skuCode: '1000101', quantity: 1 });
    expect(buyNowBodySchema.safeParse({ skuCode: '1000101', quantity: 100 }).error?.issues[0]?.message).toBe(
      '商品数量为1-99件',
    );
    expect(buyNowBodySchema.safeParse({ skuCode: '10001' }).success).toBe(false);
  });

  it('place order takes online (99) or cash on delivery (1) only, and drops any price the page sends', () => {
    const body = { settlementId: '4b7c7a52-6c2e-4b43-9a53-08d8a1f2e0c1', addressId: 1001, paymentType: 99 };
    expect(placeOrderBodySchema.parse({ ...body, sum: 1, price: 1 })).toEqual(body);
    expect(placeOrderBodySchema.safeParse({ ...body, paymentType: 27 }).error?.issues[0]?.message).toBe(
      '请选择支付方式',
    );
    expect(placeOrderBodySchema.safeParse({ ...body, addressId: undefined }).error?.issues[0]?.message).toBe(
      '请选择收货地址',
    );
    expect(placeOrderBodySchema.safeParse({ ...body, remark: '备'.repeat(101) }).error?.issues[0]?.message).toBe(
      '订单备注不能超过100个字',
    );
  });
});
