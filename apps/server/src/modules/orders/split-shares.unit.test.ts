import { describe, expect, it } from 'vitest';
import { splitShares, spreadByWeight } from './split-shares.ts';

describe('spreadByWeight', () => {
  it('adds up to the total, never above a weight, the odd cents to the largest remainders', () => {
    expect(spreadByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByWeight(1000, [1000, 9000])).toEqual([100, 900]);
    expect(spreadByWeight(0, [5, 5])).toEqual([0, 0]);
    expect(spreadByWeight(7, [7, 0])).toEqual([7, 0]);
    for (const [total, weights] of [
      [999, [1, 998]],
      [1001, [500, 501]],
      [3, [1, 1, 1]],
      [2_599_999, [1_299_999, 1_300_000]],
    ] as const) {
      const shares = spreadByWeight(total, [...weights]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      for (const [index, share] of shares.entries()) expect(share).toBeLessThanOrEqual(weights[index]!);
    }
  });
});

describe('splitShares', () => {
  it('shares an ordinary subsidy by product money and the coins by what is left, the sums adding up', () => {
    // ¥10 + ¥100 of products, free freight, ¥20 off, ¥50 of coins: the first sub-order alone could not carry it.
    const shares = splitShares(
      { transportCosts: 0, couponValue: 2000, mallCoinMoney: 5000, isFreightCoupon: false },
      [1000, 10000],
    );
    expect(shares).toEqual([
      { transportCosts: 0, couponValue: 182, mallCoinMoney: 454 },
      { transportCosts: 0, couponValue: 1818, mallCoinMoney: 4546 },
    ]);
    const sums = shares.map((share, index) => [1000, 10000][index]! - share.couponValue - share.mallCoinMoney);
    expect(sums.reduce((a, b) => a + b, 0)).toBe(11000 - 2000 - 5000);
  });

  it('gives the freight and a freight subsidy to the first sub-order', () => {
    expect(
      splitShares({ transportCosts: 1000, couponValue: 1000, mallCoinMoney: 300, isFreightCoupon: true }, [2000, 4000]),
    ).toEqual([
      { transportCosts: 1000, couponValue: 1000, mallCoinMoney: 100 },
      { transportCosts: 0, couponValue: 0, mallCoinMoney: 200 },
    ]);
  });
});
