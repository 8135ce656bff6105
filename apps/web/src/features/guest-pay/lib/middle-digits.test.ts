import { describe, expect, it } from 'vitest';
import { EMPTY_MIDDLE_DIGITS, enterDigits, eraseDigit, phoneEnds } from './middle-digits.ts';

const MASK = '138****5678';

describe('middle digits of a masked phone', () => {
  it('reads the visible ends of the mask', () => {
    expect(phoneEnds(MASK)).toEqual({ head: '138', tail: '5678' });
    expect(phoneEnds('13812345678')).toBeNull();
    expect(phoneEnds('138***5678')).toBeNull();
  });

  it('typing a digit fills the box and moves on; other characters are dropped', () => {
    expect(enterDigits(EMPTY_MIDDLE_DIGITS, 0, '1', MASK)).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    expect(enterDigits(['1', '', '', ''], 1, 'a', MASK)).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    expect(enterDigits(['1', '2', '3', ''], 3, '4', MASK)).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
  });

  it('a paste spreads across the boxes from where it lands, and stops at the last', () => {
    expect(enterDigits(EMPTY_MIDDLE_DIGITS, 0, '1234', MASK)).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
    expect(enterDigits(EMPTY_MIDDLE_DIGITS, 2, '9 8 7', MASK)).toEqual({ digits: ['', '', '9', '8'], focus: 3 });
  });

  it('a pasted whole phone with the same ends gives its middle four', () => {
    expect(enterDigits(EMPTY_MIDDLE_DIGITS, 1, '138-1234-5678', MASK)).toEqual({
      digits: ['1', '2', '3', '4'],
      focus: 3,
    });
  });

  it('backspace clears the box, or the previous one when it is empty', () => {
    expect(eraseDigit(['1', '2', '3', '4'], 3)).toEqual({ digits: ['1', '2', '3', ''], focus: 3 });
    expect(eraseDigit(['1', '2', '', ''], 2)).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    expect(eraseDigit(EMPTY_MIDDLE_DIGITS, 0)).toEqual({ digits: ['', '', '', ''], focus: 0 });
  });
});
