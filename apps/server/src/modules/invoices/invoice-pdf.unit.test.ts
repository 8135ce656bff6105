import { describe, expect, it } from 'vitest';
import { invoiceLinesOf, invoiceNumberFor, taxIncluded } from './invoice-issue.ts';
import { yuanInCapitals } from './invoice-pdf.ts';

describe('价税合计（大写）', () => {
  it('writes amounts the way invoices print them', () => {
    expect(yuanInCapitals(0)).toBe('零圆整');
    expect(yuanInCapitals(50)).toBe('伍角整');
    expect(yuanInCapitals(7)).toBe('柒分');
    expect(yuanInCapitals(6940)).toBe('陆拾玖圆肆角整');
    expect(yuanInCapitals(12345)).toBe('壹佰贰拾叁圆肆角伍分');
    expect(yuanInCapitals(100005)).toBe('壹仟圆零伍分');
    expect(yuanInCapitals(101000)).toBe('壹仟零壹拾圆整');
    expect(yuanInCapitals(10000100)).toBe('壹拾万零壹圆整');
    expect(yuanInCapitals(10000000000)).toBe('壹亿圆整');
    expect(yuanInCapitals(10005000000)).toBe('壹亿零伍万圆整');
    expect(yuanInCapitals(10050000000)).toBe('壹亿零伍拾万圆整');
  });
});

describe('invoice lines', () => {
  const lines = [
    { productName: '布洛芬', packing: '24粒', amount: 2, actualPrice: 1980 },
    { productName: '维C', packing: null, amount: 1, actualPrice: 3000 },
    { productName: '赠品口罩', packing: null, amount: 1, actualPrice: 0 },
  ];

  it('sums to what the member paid: products, freight, coupons and coins as one discount line; no gifts', () => {
    const printed = invoiceLinesOf(
      { transportCosts: 800, couponValue: 500, mallCoinMoney: 300, freightSubsidy: 0 },
      '商品明细',
      lines,
    );
    expect(printed.map((line) => [line.name, line.amount, line.taxRate])).toEqual([
      ['*药品*布洛芬', 3960, 13],
      ['*药品*维C', 3000, 13],
      ['*运输服务*运费', 800, 9],
      ['*药品*折扣', -800, 13],
    ]);
    expect(printed.reduce((sum, line) => sum + line.amount, 0)).toBe(3960 + 3000 + 800 - 800);
  });

  it('prints one line for all products when the content is 商品类别', () => {
    const printed = invoiceLinesOf(
      { transportCosts: 0, couponValue: 0, mallCoinMoney: 0, freightSubsidy: 0 },
      '商品类别',
      lines,
    );
    expect(printed).toEqual([expect.objectContaining({ name: '*药品*药品', quantity: 1, amount: 6960 })]);
  });

  it('takes the tax out of an amount that includes it, and numbers by year and order', () => {
    expect(taxIncluded(11300, 13)).toBe(1300);
    expect(taxIncluded(1000, 9)).toBe(83);
    expect(invoiceNumberFor(42, new Date('2026-12-31T17:00:00Z'))).toBe('20270000000000000042');
  });
});
