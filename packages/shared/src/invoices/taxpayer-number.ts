// The buyer's taxpayer identification number (纳税人识别号) on a company-titled invoice.
//
// Since 2015 every organisation in China has an 18-character unified social credit code (统一社会信用代码,
// GB 32100-2015) and it is the taxpayer number: registration authority (1) + kind (1) + region (6) +
// organisation code (9) + check character (1), from the 31 characters 0-9 and A-Y without I, O, S, V, Z. The
// check character is 31 − (Σ value × weight mod 31), the weights being 3^i mod 31.
//
// Taxpayers registered before it may still show an older tax registration number: 15 characters (region +
// organisation code), 17 or 20 (built on a 15- or 18-digit ID number plus a sequence). Those have no check of
// their own, so they are accepted by length and characters only. An 18-character number must be a unified
// social credit code with a correct check character: no older form had 18 characters.

const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const OLDER_TAX_NUMBER_PATTERN = /^(?:[0-9A-Z]{15}|[0-9A-Z]{17}|[0-9A-Z]{20})$/;

/** The check character of the first 17 characters of a unified social credit code. */
export function unifiedCreditCheckCharacter(first17: string): string {
  let total = 0;
  for (let i = 0; i < 17; i += 1) total += USCC_ALPHABET.indexOf(first17[i]) * USCC_WEIGHTS[i];
  return USCC_ALPHABET[(31 - (total % 31)) % 31];
}

/** Whether `code` is an 18-character unified social credit code with the right check character. */
export function isUnifiedSocialCreditCode(code: string): boolean {
  return USCC_PATTERN.test(code) && unifiedCreditCheckCharacter(code.slice(0, 17)) === code[17];
}

/** Whether `value` (already trimmed and upper-cased) is a taxpayer number an invoice may carry. */
export function isTaxpayerNumber(value: string): boolean {
  if (value.length === 18) return isUnifiedSocialCreditCode(value);
  return OLDER_TAX_NUMBER_PATTERN.test(value);
}
