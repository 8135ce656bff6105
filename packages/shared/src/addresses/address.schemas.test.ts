import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import {
  addressBodySchema,
  cityCodeSchema,
  consigneeMobileSchema,
  consigneeSchema,
  customAreaSchema,
  districtCodeSchema,
  isEmptyLandline,
  isMaskedLandline,
  joinLandline,
  landlineSchema,
  maskLandline,
  provinceCodeSchema,
  splitLandline,
  streetCodeSchema,
  zipCodeSchema,
} from './address.schemas.ts';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('consigneeSchema (2-10 Chinese or English letters)', () => {
  it.each(['张三', '欧阳娜娜', 'Tom', 'AnnaSmith', '王Li', '一二三四五六七八九十', 'Abcdefghij', ' 张三 '])(
    'accepts %j',
    (value) => {
      expect(consigneeSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    ['', MSG.consigneeEmpty],
    ['   ', MSG.consigneeEmpty],
    [undefined, MSG.consigneeEmpty],
    [null, MSG.consigneeEmpty],
    ['张', MSG.consigneeMalformed],
    ['一二三四五六七八九十一', MSG.consigneeMalformed],
    ['Abcdefghijk', MSG.consigneeMalformed],
    ['张三1', MSG.consigneeMalformed],
    ['张 三', MSG.consigneeMalformed],
    ['张_三', MSG.consigneeMalformed],
    ['阿卜杜·热合曼', MSG.consigneeMalformed],
    ['Ｔｏｍ', MSG.consigneeMalformed],
  ])('rejects %j with %s', (value, message) => {
    expect(messagesOf(consigneeSchema.safeParse(value))).toEqual([message]);
  });
});

describe('consigneeMobileSchema', () => {
  it.each(['13800138000', '19912345678', '138****8000'])(
    'accepts %s (the masked form is checked by the server)',
    (value) => {
      expect(consigneeMobileSchema.safeParse(value).success).toBe(true);
    },
  );
  it.each([
    ['', MSG.phoneEmpty],
    ['12345678901', MSG.phoneMalformed],
    ['138001380001', MSG.phoneMalformed],
    ['138****800', MSG.phoneMalformed],
  ])('rejects %j with %s', (value, message) => {
    expect(messagesOf(consigneeMobileSchema.safeParse(value))).toEqual([message]);
  });
});

describe('landline (area code ≤ 4 + "-" + number ≤ 8; dash alone allowed; masked form)', () => {
  it.each([
    undefined,
    null,
    '',
    '-',
    ' - ',
    '010-12345678',
    '0755-1234567',
    '1-1',
    '0755-12345678',
    '010-****5678',
    '0755-***4567',
    '010-****',
  ])('accepts %j', (value) => {
    expect(landlineSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '01012345678',
    '07555-1234567',
    '010-123456789',
    '010-',
    '-12345678',
    '010--12345678',
    '010-1234-5678',
    '(010)12345678',
    '010 12345678',
    'abc-12345678',
    '010-*****1234*',
    '010-*****12345',
    '010-12**5678',
    '0755-*********',
  ])('rejects %j with the landline message', (value) => {
    expect(messagesOf(landlineSchema.safeParse(value))).toEqual([MSG.landlineMalformed]);
  });

  it('masks all but the last 4 digits of the number, keeping the area code', () => {
    expect(maskLandline('010-12345678')).toBe('010-****5678');
    expect(maskLandline('0755-1234567')).toBe('0755-***4567');
    expect(maskLandline('0755-1234')).toBe('0755-****');
    expect(maskLandline('not a phone')).toBe('***********');
  });

  it('every landline masks to a form the schema takes and isMaskedLandline recognises', () => {
    const digits = (min: number, max: number) =>
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
    fc.assert(
      fc.property(digits(1, 4), digits(1, 8), (area, number) => {
        const masked = maskLandline(`${area}-${number}`);
        expect(isMaskedLandline(masked)).toBe(true);
        expect(landlineSchema.safeParse(masked).success).toBe(true);
        expect(masked).not.toContain(number.length > 4 ? number : '\u0000');
      }),
    );
  });

  it('splits and joins the two inputs of the page', () => {
    expect(splitLandline('010-12345678')).toEqual({ areaCode: '010', number: '12345678' });
    expect(splitLandline('010-****5678')).toEqual({ areaCode: '010', number: '****5678' });
    expect(splitLandline('-')).toEqual({ areaCode: '', number: '' });
    expect(splitLandline(null)).toEqual({ areaCode: '', number: '' });
    expect(joinLandline('', '')).toBe('-');
    expect(joinLandline(' 010 ', '12345678')).toBe('010-12345678');
    expect(isEmptyLandline(joinLandline('', ''))).toBe(true);
  });
});

describe('region codes', () => {
  it.each([
    [provinceCodeSchema, '', MSG.provinceRequired],
    [provinceCodeSchema, undefined, MSG.provinceRequired],
    [provinceCodeSchema, '4', MSG.provinceRequired],
    [provinceCodeSchema, '440', MSG.provinceRequired],
    [cityCodeSchema, '', MSG.cityRequired],
    [cityCodeSchema, undefined, MSG.cityRequired],
    [cityCodeSchema, '44', MSG.cityRequired],
    [districtCodeSchema, '4403', MSG.regionInvalid],
    [streetCodeSchema, '440305', MSG.regionInvalid],
  ] as const)('%#: rejects %j', (schema, value, message) => {
    expect(messagesOf(schema.safeParse(value))).toEqual([message]);
  });

  it('district and street are optional: empty, null and absent mean not chosen', () => {
    for (const value of ['', null, undefined]) {
      expect(districtCodeSchema.parse(value)).toBeUndefined();
      expect(streetCodeSchema.parse(value)).toBeUndefined();
    }
    expect(districtCodeSchema.parse('440305')).toBe('440305');
    expect(streetCodeSchema.parse('440305001')).toBe('440305001');
  });
});

describe('customAreaSchema (required, at most 50)', () => {
  it('accepts 1 to 50 characters, counting code points', () => {
    expect(customAreaSchema.parse(' 科技园1号 ')).toBe('科技园1号');
    expect(customAreaSchema.safeParse('号'.repeat(50)).success).toBe(true);
    expect(customAreaSchema.safeParse('𠀀'.repeat(50)).success).toBe(true);
  });
  it.each([
    ['', MSG.detailAddressEmpty],
    ['  ', MSG.detailAddressEmpty],
    [undefined, MSG.detailAddressEmpty],
    ['号'.repeat(51), MSG.detailAddressTooLong],
    ['a'.repeat(51), MSG.detailAddressTooLong],
  ])('rejects %j with %s', (value, message) => {
    expect(messagesOf(customAreaSchema.safeParse(value))).toEqual([message]);
  });
});

describe('zipCodeSchema (optional, 6 digits)', () => {
  it('accepts 6 digits or nothing', () => {
    expect(zipCodeSchema.parse('518000')).toBe('518000');
    expect(zipCodeSchema.parse('')).toBeUndefined();
    expect(zipCodeSchema.parse(null)).toBeUndefined();
    expect(zipCodeSchema.parse(undefined)).toBeUndefined();
  });
  it.each(['51800', '5180000', '51800a', '５１８０００'])('rejects %j', (value) => {
    expect(messagesOf(zipCodeSchema.safeParse(value))).toEqual([MSG.zipCodeMalformed]);
  });
});

describe('addressBodySchema', () => {
  const body = {
    consignee: '张三',
    consigneePhone2: '13912345678',
    provinceCode: '44',
    cityCode: '4403',
    customArea: '深南大道1号',
  };

  it('takes the minimal body and drops unknown fields', () => {
    const parsed = addressBodySchema.parse({ ...body, memberId: 1, id: 9 });
    expect(parsed).toEqual({ ...body, regionCode: undefined, streetCode: undefined, zipCode: undefined });
  });

  it('names each failing field with its message', () => {
    const result = addressBodySchema.safeParse({ consigneePhone2: '1', customArea: '' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toEqual({
      consignee: MSG.consigneeEmpty,
      consigneePhone2: MSG.phoneMalformed,
      provinceCode: MSG.provinceRequired,
      cityCode: MSG.cityRequired,
      customArea: MSG.detailAddressEmpty,
    });
  });
});
