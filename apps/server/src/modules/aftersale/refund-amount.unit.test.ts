import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EarlierRefund, type LineMoney, type OrderMoney, quoteRefund } from './refund-amount.ts';

const order = (lines: { price: number; amount: number }[], extra: Partial<OrderMoney> = {}): OrderMoney => {
  const productMoney = lines.reduce((total, line) => total + line.price * line.amount, 0);
  const base = { productMoney, transportCosts: 0, couponValue: 0, isFreightCoupon: false, mallCoinMoney: 0, ...extra };
  return { ...base, sum: base.productMoney + base.transportCosts - base.couponValue - base.mallCoinMoney };
};

const lineMoney = (lines: { price: number; amount: number }[], taken: number[] = []): LineMoney[] =>
  lines.map((line, index) => ({
    id: index + 1,
    amount: line.amount,
    actualPrice: line.price,
    taken: taken[index] ?? 0,
    isFree: line.price === 0,
  }));

describe('quoteRefund', () => {
  it('gives a line its paid share after the coupon, coins in proportion, no freight once shipped', () => {
    const lines = [
      { price: 3000, amount: 2 },
      { price: 4000, amount: 1 },
    ];
    // 10000 of goods, 1000 freight, 1000 coupon, 900 paid in coins: 9100 paid by the payment method.
    const money = order(lines, { transportCosts: 1000, couponValue: 1000, mallCoinMoney: 900 });
    const quote = quoteRefund({
      order: money,
      lines: lineMoney(lines),
      asked: new Map([[1, 1]]),
      isUnshipped: false,
      earlier: [],
    });
    // Goods value 9000 of 10000 goods money: one piece of 3000 is 2700, 900/10000 of it in coins (243).
    expect(quote).toEqual({ refundAmount: 2457, refundCoins: 243, freightAmount: 0, isWholeOrder: false });
  });

  it('adds the freight when nothing was shipped, once; the whole order gets exactly what is left', () => {
    const lines = [
      { price: 3000, amount: 2 },
      { price: 4000, amount: 1 },
    ];
    const money = order(lines, { transportCosts: 1000 });
    const first = quoteRefund({
      order: money,
      lines: lineMoney(lines),
      asked: new Map([[1, 1]]),
      isUnshipped: true,
      earlier: [],
    });
    expect(first).toEqual({ refundAmount: 4000, refundCoins: 0, freightAmount: 1000, isWholeOrder: false });
    const second = quoteRefund({
      order: money,
      lines: lineMoney(lines, [1, 0]),
      asked: new Map([[2, 1]]),
      isUnshipped: true,
      earlier: [first],
    });
    expect(second.freightAmount).toBe(0);
    const last = quoteRefund({
      order: money,
      lines: lineMoney(lines, [1, 1]),
      asked: new Map([[1, 1]]),
      isUnshipped: true,
      earlier: [first, second],
    });
    expect(last.isWholeOrder).toBe(true);
    expect(first.refundAmount + second.refundAmount + last.refundAmount).toBe(money.sum);
  });

  it('a freight subsidy discounts the freight, not the goods', () => {
    const lines = [{ price: 5000, amount: 2 }];
    const money = order(lines, { transportCosts: 800, couponValue: 800, isFreightCoupon: true });
    const quote = quoteRefund({
      order: money,
      lines: lineMoney(lines),
      asked: new Map([[1, 1]]),
      isUnshipped: false,
      earlier: [],
    });
    expect(quote.refundAmount).toBe(5000);
  });

  // Random orders and random sequences of requests, each refunded or closed: what goes back never exceeds what
  // was paid (money and coins apart), nothing is negative, and once every piece is refunded exactly what was
  // paid has gone back, whatever the order of the requests.
  it('never gives back more than was paid, and exactly that when everything went back', () => {
    const orderArbitrary = fc.record({
      lines: fc.array(
        fc.record({ price: fc.integer({ min: 0, max: 20_000 }), amount: fc.integer({ min: 1, max: 4 }) }),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
      transportCosts: fc.integer({ min: 0, max: 2000 }),
      couponValue: fc.integer({ min: 0, max: 3000 }),
      isFreightCoupon: fc.boolean(),
      coinShare: fc.double({ min: 0, max: 1, noNaN: true }),
      shippedAfter: fc.integer({ min: 0, max: 6 }),
    });
    const stepsArbitrary = fc.array(
      fc.record({ line: fc.nat(), quantity: fc.integer({ min: 1, max: 4 }), isRefunded: fc.boolean() }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(orderArbitrary, stepsArbitrary, (shape, steps) => {
        const productMoney = shape.lines.reduce((total, line) => total + line.price * line.amount, 0);
        const couponValue = Math.min(shape.couponValue, productMoney + shape.transportCosts);
        const payable = productMoney + shape.transportCosts - couponValue;
        const mallCoinMoney = Math.floor(payable * shape.coinShare);
        const money: OrderMoney = {
          productMoney,
          transportCosts: shape.transportCosts,
          couponValue,
          isFreightCoupon: shape.isFreightCoupon,
          mallCoinMoney,
          sum: payable - mallCoinMoney,
        };
        const taken = shape.lines.map(() => 0);
        const refunded: EarlierRefund[] = [];
        const takeAll = steps.concat(shape.lines.map((_, line) => ({ line, quantity: 99, isRefunded: true })));
        takeAll.forEach((step, index) => {
          const line = step.line % shape.lines.length;
          const bought = shape.lines[line] as { price: number; amount: number };
          const quantity = Math.min(step.quantity, bought.amount - (taken[line] ?? 0));
          if (quantity <= 0 || bought.price === 0) return;
          const quote = quoteRefund({
            order: money,
            lines: lineMoney(shape.lines, taken),
            asked: new Map([[line + 1, quantity]]),
            isUnshipped: index < shape.shippedAfter,
            earlier: refunded,
          });
          expect(quote.refundAmount).toBeGreaterThanOrEqual(0);
          expect(quote.refundCoins).toBeGreaterThanOrEqual(0);
          if (!step.isRefunded && index < steps.length) return;
          taken[line] = (taken[line] ?? 0) + quantity;
          refunded.push(quote);
          const cash = refunded.reduce((total, item) => total + item.refundAmount, 0);
          const coins = refunded.reduce((total, item) => total + item.refundCoins, 0);
          expect(cash).toBeLessThanOrEqual(money.sum);
          expect(coins).toBeLessThanOrEqual(money.mallCoinMoney);
        });
        const hasPaidLines = shape.lines.some((line) => line.price > 0);
        if (hasPaidLines) {
          expect(refunded.reduce((total, item) => total + item.refundAmount, 0)).toBe(money.sum);
          expect(refunded.reduce((total, item) => total + item.refundCoins, 0)).toBe(money.mallCoinMoney);
        }
      }),
      { numRuns: 300 },
    );
  });
});
