import { z } from 'zod';
import { MSG } from './messages.ts';

// Chinese resident ID card: 15 or 18 characters, a known province code, a real birth date
// and, for 18 characters, the ISO 7064 MOD 11-2 check digit. Sex and birthday are derived from it.

/** The province codes (first two digits) that exist: mainland, Taiwan 71, Hong Kong 81, Macau 82, abroad 91. */
export const ID_CARD_PROVINCE_CODES: ReadonlySet<string> = new Set([
  ...['11', '12', '13', '14', '15'],
  ...['21', '22', '23'],
  ...['31', '32', '33', '34', '35', '36', '37'],
  ...['41', '42', '43', '44', '45', '46'],
  ...['50', '51', '52', '53', '54'],
  ...['61', '62', '63', '64', '65'],
  ...['71', '81', '82', '91'],
]);

// Region code (6 digits, no leading 0), birth date, sequence (the last sequence digit gives the sex),
// check character. The month and day ranges catch most bad dates here; calendar checks come after.
const ID18_PATTERN = /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;
// The old 15-digit card: two-digit year (always 19xx), no check digit.
const ID15_PATTERN = /^[1-9]\d{5}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}$/;

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The 18th character for the first 17 digits (ISO 7064 MOD 11-2). */
export function computeIdCardCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('computeIdCardCheckDigit expects 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * CHECK_WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** 0 male, 1 female: the coding of the patient form. */
export type IdCardSex = 0 | 1;

export type IdCardResult =
  | { ok: true; sex: IdCardSex; birthday: string }
  | { ok: false; message: (typeof MSG)['idCardFormat' | 'idCardRegion' | 'idCardCheckDigit'] };

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Checks in the order format → region → date → check digit; the first failure gives the message. */
export function validateIdCard(value: string): IdCardResult {
  const is18 = ID18_PATTERN.test(value);
  if (!is18 && !ID15_PATTERN.test(value)) return { ok: false, message: MSG.idCardFormat };
  if (!ID_CARD_PROVINCE_CODES.has(value.slice(0, 2))) return { ok: false, message: MSG.idCardRegion };

  const yearText = is18 ? value.slice(6, 10) : `19${value.slice(6, 8)}`;
  const monthText = is18 ? value.slice(10, 12) : value.slice(8, 10);
  const dayText = is18 ? value.slice(12, 14) : value.slice(10, 12);
  // 30 February passes the pattern; a wrong date is a format error (the spec has no message of its own).
  if (!isRealDate(Number(yearText), Number(monthText), Number(dayText))) {
    return { ok: false, message: MSG.idCardFormat };
  }

  if (is18 && computeIdCardCheckDigit(value.slice(0, 17)) !== value[17].toUpperCase()) {
    return { ok: false, message: MSG.idCardCheckDigit };
  }

  // The last digit of the sequence code: odd for men, even for women.
  const sequenceDigit = Number(is18 ? value[16] : value[14]);
  return { ok: true, sex: sequenceDigit % 2 === 1 ? 0 : 1, birthday: `${yearText}-${monthText}-${dayText}` };
}

// Birthdays and "today" are calendar dates in China (UTC+8, no daylight saving). Reading the Date in
// that fixed offset makes the age independent of the server's or the browser's time zone.
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Full years lived on `today` by someone born on `birthday` ('YYYY-MM-DD'). */
export function ageOn(birthday: string, today: Date): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) throw new RangeError(`ageOn expects YYYY-MM-DD, got ${birthday}`);
  const [, birthYear, birthMonth, birthDay] = match.map(Number);
  const china = new Date(today.getTime() + CHINA_OFFSET_MS);
  const year = china.getUTCFullYear();
  const month = china.getUTCMonth() + 1;
  const day = china.getUTCDate();
  const hasHadBirthdayThisYear = month > birthMonth || (month === birthMonth && day >= birthDay);
  // Someone born on 29 February turns a year older on 1 March in other years.
  return year - birthYear - (hasHadBirthdayThisYear ? 0 : 1);
}

/** Trims, upper-cases a final x, then applies validateIdCard with its message. */
export const idCardSchema = z
  .string({ error: MSG.idCardFormat })
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const result = validateIdCard(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
  });

/** First 3 and last 4 shown, the rest starred: '110105194912310021' → '110***********0021'. */
export function maskIdCard(value: string): string {
  if (value.length <= 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
