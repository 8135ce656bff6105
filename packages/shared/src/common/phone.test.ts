import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { isMaskedPhone, maskPhone, phoneOrMaskedSchema, phoneSchema } from './phone.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('phoneSchema', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['19912345678', '19912345678'],
    ['13000000000', '13000000000'],
    [' 13800138000 ', '13800138000'],
    ['\t15912345678\n', '15912345678'],
  ])('accepts %j as %s', (input, output) => {
    expect(phoneSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', MSG.phoneEmpty],
    ['   ', MSG.phoneEmpty],
    [undefined, MSG.phoneEmpty],
    [null, MSG.phoneEmpty],
    [13800138000, MSG.phoneEmpty],
    ['12800138000', MSG.phoneMalformed], // second digit 2
    ['10800138000', MSG.phoneMalformed],
    ['23800138000', MSG.phoneMalformed], // not starting with 1
    ['1380013800', MSG.phoneMalformed], // 10 digits
    ['138001380001', MSG.phoneMalformed], // 12 digits
    ['+8613800138000', MSG.phoneMalformed],
    ['138 0013 8000', MSG.phoneMalformed],
    ['1380013800a', MSG.phoneMalformed],
    ['１３８００１３８０００', MSG.phoneMalformed], // full-width digits
    ['138****8000', MSG.phoneMalformed], // masked is not a phone here
  ])('rejects %j with %s', (input, message) => {
    expect(messagesOf(phoneSchema.safeParse(input))).toEqual([message]);
  });
});

describe('phoneOrMaskedSchema', () => {
  it.each(['13800138000', '138****8000', '000****0000'])('accepts %s', (input) => {
    expect(phoneOrMaskedSchema.parse(input)).toBe(input);
  });

  it.each([
    ['', MSG.phoneEmpty],
    ['138***8000', MSG.phoneMalformed],
    ['138*****000', MSG.phoneMalformed],
    ['138****80001', MSG.phoneMalformed],
    ['12800138000', MSG.phoneMalformed],
  ])('rejects %j with %s', (input, message) => {
    expect(messagesOf(phoneOrMaskedSchema.safeParse(input))).toEqual([message]);
  });
});

describe('maskPhone and isMaskedPhone', () => {
  it.each([
    ['13800138000', '138****8000'],
    ['19912345678', '199****5678'],
    ['138****8000', '138****8000'], // already masked
    ['12345', '*****'], // not a phone: nothing shown
    ['', ''],
  ])('maskPhone(%j) is %j', (input, output) => {
    expect(maskPhone(input)).toBe(output);
  });

  it.each([
    ['138****8000', true],
    ['13800138000', false],
    ['138***8000', false],
    ['abc****defg', false],
  ])('isMaskedPhone(%j) is %s', (input, expected) => {
    expect(isMaskedPhone(input)).toBe(expected);
  });

  it('masks every valid phone into the masked form, keeping the first 3 and last 4', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (phone) => {
        const masked = maskPhone(phone);
        expect(isMaskedPhone(masked)).toBe(true);
        expect(masked.slice(0, 3) + masked.slice(7)).toBe(phone.slice(0, 3) + phone.slice(7));
        expect(phoneOrMaskedSchema.safeParse(masked).success).toBe(true);
      }),
    );
  });
});
