import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatYuan, formatYuanWithSign, spokenYuan } from './money.ts';

describe('formatYuan', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [5, '0.05'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [110, '1.10'], // 1.1 * 100 is 110.00000000000001 in floating point: not an issue on digits
    [1230, '12.30'],
    [123456789, '1234567.89'],
    [-1, '-0.01'],
    [-1230, '-12.30'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('formatYuan(%d) is %s', (cents, text) => {
    expect(formatYuan(cents)).toBe(text);
  });

  it.each([0.5, 12.3, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('throws on %d', (value) => {
    expect(() => formatYuan(value)).toThrow(RangeError);
  });

  it('round-trips through the digits for every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const text = formatYuan(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(Number(text.replace('.', ''))).toBe(cents);
      }),
    );
  });

  // Number(text) * 100 can be off by a rounding error (1.1 * 100), so the numeric round trip rounds.
  it('round-trips through Number for amounts up to ten billion yuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(Math.round(Number(formatYuan(cents)) * 100)).toBe(cents);
      }),
    );
  });
});

describe('formatYuanWithSign', () => {
  it.each([
    [1230, '¥12.30'],
    [0, '¥0.00'],
    [-1230, '-¥12.30'],
  ])('formatYuanWithSign(%d) is %s', (cents, text) => {
    expect(formatYuanWithSign(cents)).toBe(text);
  });
});

describe('spokenYuan', () => {
  it.each([
    [0, '0 元'],
    [5, '5 分'],
    [50, '5 角'],
    [1250, '12 元 5 角'],
    [1205, '12 元 零 5 分'],
    [1235, '12 元 3 角 5 分'],
    [10000, '100 元'],
    [-1250, '负 12 元 5 角'],
  ])('spokenYuan(%d) is %s', (cents, words) => {
    expect(spokenYuan(cents)).toBe(words);
  });

  // 12.5 and 12.50 yuan are both 1250 cents: the printed ¥12.50's last zero is not read as 零分.
  it('reads no trailing zero of the printed price', () => {
    expect(spokenYuan(1250)).not.toContain('分');
    expect(spokenYuan(10000)).not.toMatch(/角|分/);
  });

  it.each([0.5, Number.NaN])('throws on %d', (value) => {
    expect(() => spokenYuan(value)).toThrow(RangeError);
  });
});
