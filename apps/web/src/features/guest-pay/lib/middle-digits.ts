// The guest confirms the phone an order was placed for by typing its hidden middle digits: the page shows
// the masked phone (138****5678) with four boxes; the full phone is the first 3 + the 4 typed + the last 4.

export const MIDDLE_DIGIT_COUNT = 4;

/** The four boxes, each one digit or empty. */
export type MiddleDigits = readonly string[];

export const EMPTY_MIDDLE_DIGITS: MiddleDigits = ['', '', '', ''];

/** The visible ends of a masked phone such as 138****5678, or null when it is not one. */
export function phoneEnds(maskPhone: string): { head: string; tail: string } | null {
  const match = /^(1\d{2})\*{4}(\d{4})$/.exec(maskPhone);
  return match ? { head: match[1], tail: match[2] } : null;
}

export type DigitsChange = { digits: MiddleDigits; focus: number };

/**
 * What typing or pasting `text` into box `index` does: its digits fill the boxes from there on (a paste of
 * "1234" fills all four), anything else is dropped. A pasted whole phone that matches the mask's ends gives
 * its middle four. Focus moves to the box after the last one written (the last box at most).
 */
export function enterDigits(digits: MiddleDigits, index: number, text: string, maskPhone: string): DigitsChange {
  const typed = text.replace(/\D/g, '');
  const ends = phoneEnds(maskPhone);
  if (ends && typed.length === 11 && typed.startsWith(ends.head) && typed.endsWith(ends.tail)) {
    return { digits: typed.slice(3, 7).split(''), focus: MIDDLE_DIGIT_COUNT - 1 };
  }
  if (typed === '') return { digits, focus: index };
  const next = [...digits];
  let at = index;
  for (const digit of typed) {
    if (at >= MIDDLE_DIGIT_COUNT) break;
    next[at] = digit;
    at += 1;
  }
  return { digits: next, focus: Math.min(at, MIDDLE_DIGIT_COUNT - 1) };
}

/** Backspace in box `index`: clears its digit, or, when it is already empty, the previous box's and moves there. */
export function eraseDigit(digits: MiddleDigits, index: number): DigitsChange {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(0, index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}
