import { describe, expect, it } from 'vitest';
import { DRUG_LICENCE_PATTERN, isCreditCode, merchantEntryBodySchema } from './merchant-entry.contract.ts';

describe('isCreditCode (GB 32100 check character)', () => {
  it('accepts a code with the right check character, in capitals', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
  });
  it('refuses a wrong check character, letters outside the alphabet and wrong lengths', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100I43')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100m000100y43')).toBe(false);
  });
});

describe('the drug trade licence number', () => {
  it('is a province abbreviation, two capitals and seven digits', () => {
    expect(DRUG_LICENCE_PATTERN.test('粤AA7550001')).toBe(true);
    expect(DRUG_LICENCE_PATTERN.test('京CB1234567')).toBe(true);
    expect(DRUG_LICENCE_PATTERN.test('AA7550001')).toBe(false);
    expect(DRUG_LICENCE_PATTERN.test('粤A7550001')).toBe(false);
    expect(DRUG_LICENCE_PATTERN.test('粤AA755000')).toBe(false);
  });
  it('the body takes lower-case input as capitals', () => {
    const parsed = merchantEntryBodySchema.shape.drugLicenceNo.safeParse(' 粤aa7550001 ');
    expect(parsed.success && parsed.data).toBe('粤AA7550001');
  });
});
