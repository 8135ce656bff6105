import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, computeIdCardCheckDigit, idCardSchema, maskIdCard, validateIdCard } from './id-card.ts';
import { MSG } from './messages.ts';

// An independent check digit, from the ISO 7064 MOD 11-2 definition rather than the weight table:
// the digit at position i (from the left, 0-based) weighs 2^(17-i) mod 11, and the check is
// (12 - sum mod 11) mod 11, with 10 written X.
function checkDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const value = (12 - (sum % 11)) % 11;
  return value === 10 ? 'X' : String(value);
}
const withCheck = (first17: string) => first17 + checkDigit(first17);

const PROVINCES = [
  ...['11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37'],
  ...['41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65'],
  ...['71', '81', '82', '91'],
];

describe('validateIdCard, valid numbers', () => {
  it.each([
    // The well-known example: Beijing Chaoyang, 1949-12-31, sequence 002 (even: female), check X.
    ['11010519491231002X', 1, '1949-12-31'],
    ['11010519491231002x', 1, '1949-12-31'], // lower-case x
    [withCheck('44030619900307123'), 0, '1990-03-07'], // odd sequence digit: male
    [withCheck('31011520000229456'), 1, '2000-02-29'], // 29 February of a leap year
    [withCheck('65010219851111001'), 0, '1985-11-11'],
    [withCheck('91000020240101002'), 1, '2024-01-01'], // 91: abroad
    [withCheck('81000018991231001'), 0, '1899-12-31'],
    ['110105491231002', 1, '1949-12-31'], // 15 digits: 19xx, no check digit
    ['440306900307123', 0, '1990-03-07'],
  ])('%s → sex %i, birthday %s', (id, sex, birthday) => {
    expect(validateIdCard(id)).toEqual({ ok: true, sex, birthday });
  });

  it('agrees with the weight table of computeIdCardCheckDigit', () => {
    expect(computeIdCardCheckDigit('11010519491231002')).toBe('X');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{17}$/), (first17) => {
        expect(computeIdCardCheckDigit(first17)).toBe(checkDigit(first17));
      }),
    );
  });
});

describe('validateIdCard, invalid numbers', () => {
  it.each([
    ['', MSG.idCardFormat],
    ['1101051949123100', MSG.idCardFormat], // 16
    ['1101051949123100211', MSG.idCardFormat], // 19
    ['11010519491231002Y', MSG.idCardFormat],
    ['X10105194912310021', MSG.idCardFormat],
    ['01010519491231002X', MSG.idCardFormat], // region code cannot start with 0
    ['11010517491231002X', MSG.idCardFormat], // year 17xx
    ['11010521491231002X', MSG.idCardFormat], // year 21xx
    [withCheck('11010519491331002'), MSG.idCardFormat], // month 13
    [withCheck('11010519490001002'), MSG.idCardFormat], // month 00
    [withCheck('11010519490132002'), MSG.idCardFormat], // day 32
    [withCheck('11010519900230002'), MSG.idCardFormat], // 30 February
    [withCheck('11010519000229002'), MSG.idCardFormat], // 1900 is not a leap year
    [withCheck('11010519910229002'), MSG.idCardFormat],
    [withCheck('11010519900431002'), MSG.idCardFormat], // 31 April
    ['110105900230002', MSG.idCardFormat], // 15 digits, 30 February
    ['11010549123100X', MSG.idCardFormat], // 15 characters never end in X
    [' 11010519491231002X', MSG.idCardFormat], // the function does not trim; the schema does
    [withCheck('10010519491231002'), MSG.idCardRegion], // 10: no such province
    [withCheck('16010519491231002'), MSG.idCardRegion],
    [withCheck('24010519491231002'), MSG.idCardRegion],
    [withCheck('47010519491231002'), MSG.idCardRegion],
    [withCheck('55010519491231002'), MSG.idCardRegion],
    [withCheck('66010519491231002'), MSG.idCardRegion],
    [withCheck('72010519491231002'), MSG.idCardRegion],
    [withCheck('83010519491231002'), MSG.idCardRegion],
    [withCheck('99010519491231002'), MSG.idCardRegion],
    ['990105491231002', MSG.idCardRegion], // 15 digits
    ['110105194912310021', MSG.idCardCheckDigit],
    ['11010519491231002 ', MSG.idCardFormat],
    [`${withCheck('44030619900307123').slice(0, 17)}X`, MSG.idCardCheckDigit],
  ])('%j → %s', (id, message) => {
    expect(validateIdCard(id)).toEqual({ ok: false, message });
  });

  it('never throws and accepts only 15 or 18 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{14,19}[\dXx]?$/)), (value) => {
        const result = validateIdCard(value);
        if (result.ok) expect([15, 18]).toContain(value.length);
      }),
    );
  });
});

describe('validateIdCard, properties of 18-digit numbers', () => {
  const first17 = fc
    .record({
      province: fc.constantFrom(...PROVINCES),
      rest: fc.stringMatching(/^\d{4}$/),
      birth: fc.date({
        min: new Date('1800-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      sequence: fc.stringMatching(/^\d{3}$/),
    })
    .map(({ province, rest, birth, sequence }) => {
      const birthday = birth.toISOString().slice(0, 10);
      return { digits: `${province}${rest}${birthday.replaceAll('-', '')}${sequence}`, birthday, sequence };
    });

  it('validates with the computed check digit, deriving birthday and sex', () => {
    fc.assert(
      fc.property(first17, ({ digits, birthday, sequence }) => {
        const expectedSex = Number(sequence[2]) % 2 === 1 ? 0 : 1;
        expect(validateIdCard(withCheck(digits))).toEqual({ ok: true, sex: expectedSex, birthday });
      }),
    );
  });

  it('fails with the check-digit message for every other last character', () => {
    fc.assert(
      fc.property(first17, fc.constantFrom(...'0123456789X'), ({ digits }, last) => {
        fc.pre(last !== checkDigit(digits));
        expect(validateIdCard(digits + last)).toEqual({ ok: false, message: MSG.idCardCheckDigit });
      }),
    );
  });

  it('catches any single changed digit', () => {
    fc.assert(
      fc.property(first17, fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), ({ digits }, at, add) => {
        const id = withCheck(digits);
        const changed = id.slice(0, at) + String((Number(id[at]) + add) % 10) + id.slice(at + 1);
        expect(validateIdCard(changed).ok).toBe(false);
      }),
    );
  });
});

describe('idCardSchema', () => {
  it.each([
    ['11010519491231002X', '11010519491231002X'],
    ['11010519491231002x', '11010519491231002X'],
    [' 11010519491231002X\t', '11010519491231002X'],
    ['110105491231002', '110105491231002'],
  ])('accepts %j as %s', (input, output) => {
    expect(idCardSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', MSG.idCardFormat],
    [undefined, MSG.idCardFormat],
    [withCheck('10010519491231002'), MSG.idCardRegion],
    ['110105194912310021', MSG.idCardCheckDigit],
  ])('rejects %j with %s', (input, message) => {
    const result = idCardSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('ageOn', () => {
  it.each([
    ['2000-06-01', '2024-06-01T00:00:00+08:00', 24], // the birthday itself
    ['2000-06-01', '2024-05-31T23:59:59+08:00', 23], // the day before
    ['2000-06-01', '2024-05-31T16:00:00Z', 24], // already 1 June in China
    ['2000-06-01', '2024-05-31T15:59:59Z', 23],
    ['2000-02-29', '2001-02-28T12:00:00+08:00', 0], // born on 29 February
    ['2000-02-29', '2001-03-01T12:00:00+08:00', 1],
    ['2000-02-29', '2004-02-29T12:00:00+08:00', 4],
    ['2024-01-01', '2024-01-01T12:00:00+08:00', 0],
    ['2018-07-01', '2024-06-30T12:00:00+08:00', 5],
    ['2018-07-01', '2024-07-01T12:00:00+08:00', 6], // the guardian threshold (6 or under)
    ['1949-12-31', '2026-01-01T00:00:00+08:00', 76],
  ])('born %s, on %s: %i', (birthday, today, age) => {
    expect(ageOn(birthday, new Date(today))).toBe(age);
  });

  it('throws on a malformed birthday', () => {
    expect(() => ageOn('2000/01/01', new Date())).toThrow(RangeError);
  });
});

describe('maskIdCard', () => {
  it.each([
    ['11010519491231002X', '110***********002X'],
    ['110105491231002', '110********1002'],
    ['1234567', '*******'],
    ['', ''],
  ])('maskIdCard(%j) is %j', (input, output) => {
    expect(maskIdCard(input)).toBe(output);
  });
});
