// The phone number's format without zod, for pages that show a phone field before any rule is checked
// (phone.ts builds the schemas on them).

/** A mainland mobile number: 11 digits, 1 then 3-9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** The masked form shown back to the member, e.g. 138****8000 (accepts it as input too). */
export const MASKED_PHONE_PATTERN = /^\d{3}\*{4}\d{4}$/;

/** The phone input stops at 11 characters. */
export const PHONE_MAX_LENGTH = 11;

export function isMaskedPhone(value: string): boolean {
  return MASKED_PHONE_PATTERN.test(value);
}
