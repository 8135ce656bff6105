import { describe, expect, it } from 'vitest';
import { addCartItemsBodySchema, updateCartItemBodySchema } from '../cart/cart.ts';
import { productSearchQuerySchema } from './catalogue.contract.ts';
import {
  isDrugClass,
  isInStock,
  isPrescriptionProduct,
  PRODUCT_CLASSES,
  prescriptionMark,
  productClassName,
} from './catalogue.ts';

describe('catalogue rules', () => {
  it('reads prescription types 4 and 5 as prescription, 2 and 3 not', () => {
    expect([2, 3, 4, 5].map(isPrescriptionProduct)).toEqual([false, false, true, true]);
    expect(isPrescriptionProduct(undefined)).toBe(false);
    expect([2, 3, 4, 5].map(prescriptionMark)).toEqual(['OTC', 'OTC', 'Rx', 'Rx']);
  });

  it('reads stock status 2 as in stock', () => {
    expect(isInStock(2)).toBe(true);
    expect(isInStock(4)).toBe(false);
  });

  it('names the classes, 200704 among them, and tells drugs from other goods', () => {
    expect(productClassName('200704')).toBe('问诊用药');
    expect(productClassName('999999')).toBeUndefined();
    expect(new Set(PRODUCT_CLASSES.map((item) => item.classCode)).size).toBe(PRODUCT_CLASSES.length);
    expect(isDrugClass('200101')).toBe(true);
    expect(isDrugClass('300101')).toBe(false);
  });

  it('pages the search: 20 by default, at most 40, keyword up to 50 characters', () => {
    expect(productSearchQuerySchema.parse({})).toEqual({ keyword: '', page: 1, size: 20 });
    expect(productSearchQuerySchema.parse({ keyword: ' 感冒 ', page: '2', size: '10' })).toEqual({
      keyword: '感冒',
      page: 2,
      size: 10,
    });
    expect(productSearchQuerySchema.safeParse({ size: 41 }).success).toBe(false);
    expect(productSearchQuerySchema.safeParse({ keyword: '药'.repeat(51) }).success).toBe(false);
  });
});

describe('cart bodies', () => {
  it('adds a list of {productCode, num (default 1), sourceHost}', () => {
    expect(addCartItemsBodySchema.parse([{ productCode: '1000101', sourceHost: 'localhost' }])).toEqual([
      { productCode: '1000101', num: 1, sourceHost: 'localhost' },
    ]);
    expect(addCartItemsBodySchema.safeParse([]).success).toBe(false);
    expect(addCartItemsBodySchema.safeParse([{ productCode: '1000101', num: 0 }]).error?.issues[0]?.message).toBe(
      '商品数量为1-99件',
    );
  });

  it('changes a quantity within 1-99 or the tick, and needs one of them', () => {
    expect(updateCartItemBodySchema.parse({ quantity: 99 })).toEqual({ quantity: 99 });
    expect(updateCartItemBodySchema.parse({ selected: false })).toEqual({ selected: false });
    expect(updateCartItemBodySchema.safeParse({}).success).toBe(false);
    expect(updateCartItemBodySchema.safeParse({ quantity: 100 }).success).toBe(false);
  });
});
