import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages.ts';
import { contactPhoneSchema, favoriteLookupQuerySchema, reservationCreateSchema } from './favorites.contract.ts';

describe('contactPhoneSchema (到货通知)', () => {
  it.each(['13912345678', ' 13912345678 ', '138****8000'])('accepts %j', (value) => {
    expect(contactPhoneSchema.safeParse(value).success).toBe(true);
  });

  it.each(['', '1234', '12345678901', '139123456789', '139****800', '139-1234-5678', null, 13912345678])(
    'refuses %j with 请输入正确的联系电话',
    (value) => {
      const result = contactPhoneSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MSG.contactPhoneMalformed);
    },
  );
});

describe('reservationCreateSchema', () => {
  it('takes registerType 1 only', () => {
    const request = { productCode: '1000604', contactMsg: '13912345678' };
    expect(reservationCreateSchema.safeParse({ ...request, registerType: 1 }).success).toBe(true);
    const other = reservationCreateSchema.safeParse({ ...request, registerType: 2 });
    expect(other.error?.issues[0]?.message).toBe(MSG.registerTypeInvalid);
  });
});

describe('favoriteLookupQuerySchema', () => {
  it('splits, trims and de-duplicates the codes', () => {
    expect(favoriteLookupQuerySchema.parse({ productCodes: '1000101, 1000102,1000101,' })).toEqual({
      productCodes: ['1000101', '1000102'],
    });
  });

  it('refuses no code, a malformed code and more than 40', () => {
    expect(favoriteLookupQuerySchema.safeParse({ productCodes: ',' }).success).toBe(false);
    expect(favoriteLookupQuerySchema.safeParse({ productCodes: '1000101,abc' }).success).toBe(false);
    const many = Array.from({ length: 41 }, (_, index) => String(1000000 + index)).join(',');
    expect(favoriteLookupQuerySchema.safeParse({ productCodes: many }).success).toBe(false);
  });
});
