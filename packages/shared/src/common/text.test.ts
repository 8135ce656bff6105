import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { checkSearchText, cutNickname } from './text.ts';

describe('cutNickname', () => {
  it.each([
    ['', ''],
    ['小明', '小明'],
    ['安心会员20', '安心会员20'], // exactly 6: nothing cut, no ellipsis
    ['安心会员2026', '安心会员20…'],
    ['abcdefg', 'abcdef…'],
    ['😀😀😀😀😀😀', '😀😀😀😀😀😀'], // 6 code points, 12 UTF-16 units
    ['😀😀😀😀😀😀😀', '😀😀😀😀😀😀…'],
    ['𠀀𠀁𠀂𠀃𠀄𠀅𠀆', '𠀀𠀁𠀂𠀃𠀄𠀅…'], // CJK outside the BMP is not split
  ])('cutNickname(%j) is %j', (name, output) => {
    expect(cutNickname(name)).toBe(output);
  });

  it('honours another limit', () => {
    expect(cutNickname('abcdef', 3)).toBe('abc…');
  });

  it('keeps a prefix of at most max code points and adds … only when it cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 1, max: 10 }), (name, max) => {
        const result = cutNickname(name, max);
        const chars = Array.from(name);
        if (chars.length <= max) expect(result).toBe(name);
        else expect(result).toBe(`${chars.slice(0, max).join('')}…`);
      }),
    );
  });
});

describe('checkSearchText', () => {
  it.each([
    ['感冒药', '感冒药'],
    ['  布洛芬  ', '布洛芬'],
    ['a'.repeat(50), 'a'.repeat(50)],
  ])('accepts %j as %j', (input, output) => {
    expect(checkSearchText(input)).toEqual({ text: output });
  });

  it.each([
    ['', MSG.searchTextEmpty],
    ['   ', MSG.searchTextEmpty],
    [undefined, MSG.searchTextEmpty],
    ['a'.repeat(51), MSG.searchTextTooLong],
  ])('rejects %j with %s', (input, message) => {
    expect(checkSearchText(input)).toEqual({ problem: message });
  });
});
