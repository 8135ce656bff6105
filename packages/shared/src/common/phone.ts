import { z } from 'zod';
import { MSG } from './messages.ts';
import { isMaskedPhone, PHONE_MAX_LENGTH, PHONE_PATTERN } from './phone.constants.ts';

export { isMaskedPhone, MASKED_PHONE_PATTERN, PHONE_MAX_LENGTH, PHONE_PATTERN } from './phone.constants.ts';

// `abort: true` stops at the first failing check, so a field gets one message, the most relevant one.
const phoneInput = () =>
  z
    .string({ error: MSG.phoneEmpty })
    .trim()
    .min(1, { error: MSG.phoneEmpty, abort: true })
    .max(PHONE_MAX_LENGTH, { error: MSG.phoneMalformed, abort: true });

export const phoneSchema = phoneInput().regex(PHONE_PATTERN, { error: MSG.phoneMalformed });

/** For forms that show the stored phone masked and let it be sent back unchanged. */
export const phoneOrMaskedSchema = phoneInput().refine((value) => PHONE_PATTERN.test(value) || isMaskedPhone(value), {
  error: MSG.phoneMalformed,
});

/**
 * '13800138000' → '138****8000'. A masked value comes back as it is; anything else is starred
 * in full, so that bad stored data never leaks through a reply.
 */
export function maskPhone(phone: string): string {
  if (PHONE_PATTERN.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  if (isMaskedPhone(phone)) return phone;
  return '*'.repeat(phone.length);
}
