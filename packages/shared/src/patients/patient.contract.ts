import { z } from 'zod';
import {
  CITY_CODE_PATTERN,
  districtCodeSchema,
  optionalRegionCodeSchema,
  PROVINCE_CODE_PATTERN,
  streetCodeSchema,
} from '../addresses/address.schemas.ts';
import { ageOn, validateIdCard } from '../common/id-card.ts';
import { MSG } from '../common/messages.ts';
import { phoneOrMaskedSchema } from '../common/phone.ts';
import {
  CERTIFICATE_TYPES,
  type CertificateType,
  GUARDIAN_CONSENT_AGE,
  GUARDIAN_REQUIRED_AGE,
  HEALTH_OTHER_MAX_LENGTH,
  PATIENT_NAME_MAX_LENGTH,
  PATIENT_NAME_MIN_LENGTH,
  RELATION_LABELS,
} from './patient.constants.ts';

// Medication users (用药人): the body the form sends, the reply the
// server answers, and the rules both sides apply. The page builds its form rules from these schemas and the
// server parses every body with them: one rule, one place. Rules that need the stored patient (a masked ID
// sent back, a real-name-verified patient) or the shop's Rx settings are the server's (patients.service.ts).

export * from './patient.constants.ts';

export const CERTIFICATE_TYPE_TEXT: Record<CertificateType, string> = {
  1: '身份证',
  2: '护照',
  3: '港澳居民来往内地通行证',
  4: '台湾居民来往大陆通行证',
  5: '外国人永久居留身份证',
};
/** The format of each other certificate (upper-cased before the check). */
export const CERTIFICATE_PATTERNS: Record<Exclude<CertificateType, 1>, RegExp> = {
  2: /^[A-Z0-9]{5,17}$/,
  3: /^[HM]\d{8}(\d{2})?$/,
  4: /^\d{8}(\d{2})?$/,
  5: /^([A-Z]{3}\d{12}|9\d{17})$/,
};
export const CERTIFICATE_NUMBER_MAX_LENGTH = 18;
/** The page offers the other certificate types after this many ID-card errors. */
export const ID_CARD_ERRORS_BEFORE_OTHER_TYPES = 2;

// ---- Health info: four items with labels and other-text, then smoking and drinking ----
export const HEALTH_ITEMS = ['pastHistory', 'drugAllergy', 'foodAllergy', 'familyHistory'] as const;
export type HealthItem = (typeof HEALTH_ITEMS)[number];
export const HEALTH_ITEM_TEXT = {
  pastHistory: '既往病史',
  drugAllergy: '药物过敏史',
  foodAllergy: '食物/接触物过敏史',
  familyHistory: '家族病史',
} as const satisfies Record<HealthItem, string>;
/** The labels a shopper can tick under 有 (our choice: the common answers a pharmacist asks about). */
export const HEALTH_ITEM_OPTIONS = {
  pastHistory: ['高血压', '糖尿病', '心脏病', '肝病', '肾病', '哮喘'],
  drugAllergy: ['青霉素类', '头孢类', '磺胺类', '阿司匹林', '解热镇痛药'],
  foodAllergy: ['海鲜', '牛奶', '鸡蛋', '花生', '花粉', '酒精'],
  familyHistory: ['高血压', '糖尿病', '心脏病', '肿瘤', '精神疾病'],
} as const satisfies Record<HealthItem, readonly string[]>;

// ---- Name: 2-10 Chinese or Latin letters; separators become the middle dot ----
const NAME_SEPARATORS = /[\s.。．•・‧･·]+/g;
const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z]+(·[\u4e00-\u9fa5A-Za-z]+)*$/;

/** '阿卜杜 . 热合曼' → '阿卜杜·热合曼': every run of separators is one middle dot, none at the ends. */
export function normalizePatientName(value: string): string {
  return value
    .trim()
    .replace(NAME_SEPARATORS, '·')
    .replace(/^·+|·+$/g, '');
}

export const patientNameSchema = z
  .string({ error: MSG.patientNameEmpty })
  .transform(normalizePatientName)
  .pipe(
    z
      .string()
      .min(1, { error: MSG.patientNameEmpty, abort: true })
      .min(PATIENT_NAME_MIN_LENGTH, { error: MSG.patientNameLength, abort: true })
      .max(PATIENT_NAME_MAX_LENGTH, { error: MSG.patientNameLength, abort: true })
      .regex(NAME_PATTERN, { error: MSG.patientNameMalformed }),
  );

/** An ID number as the form may send it back: in full, or masked as the reply showed it (edit). */
export const MASKED_CERTIFICATE_PATTERN = /^[0-9A-Z]{1,3}\*+[0-9A-Z]{1,4}$/;
export const isMaskedCertificate = (value: string) => MASKED_CERTIFICATE_PATTERN.test(value);

/** The other certificate's number, checked against its type's format. */
export function isCertificateNumberValid(type: CertificateType, value: string): boolean {
  if (type === CERTIFICATE_TYPES.idCard) return validateIdCard(value).ok;
  return CERTIFICATE_PATTERNS[type].test(value);
}

const healthItemSchema = z.object({
  /** 0 无, 1 有. */
  status: z.union([z.literal(0), z.literal(1)]),
  labels: z.array(z.string().max(20)).max(10).default([]),
  other: z.string().trim().max(HEALTH_OTHER_MAX_LENGTH, { error: MSG.healthOtherTooLong }).default(''),
});
export const healthInfoSchema = z.object({
  pastHistory: healthItemSchema,
  drugAllergy: healthItemSchema,
  foodAllergy: healthItemSchema,
  familyHistory: healthItemSchema,
  smoking: z.union([z.literal(0), z.literal(1)]),
  drinking: z.union([z.literal(0), z.literal(1)]),
});
export type HealthInfo = z.infer<typeof healthInfoSchema>;

/** Everything 无: what a new patient starts with. */
export const EMPTY_HEALTH_INFO: HealthInfo = {
  pastHistory: { status: 0, labels: [], other: '' },
  drugAllergy: { status: 0, labels: [], other: '' },
  foodAllergy: { status: 0, labels: [], other: '' },
  familyHistory: { status: 0, labels: [], other: '' },
  smoking: 0,
  drinking: 0,
};

/** The guardian of a patient aged 6 or under: name, phone, ID card and its photo. */
export const guardianSchema = z.object({
  name: patientNameSchema,
  phone: phoneOrMaskedSchema,
  cardNum: z
    .string({ error: MSG.idCardEmpty })
    .trim()
    .toUpperCase()
    .min(1, { error: MSG.idCardEmpty, abort: true })
    .superRefine((value, ctx) => {
      if (isMaskedCertificate(value)) return;
      const result = validateIdCard(value);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    }),
  certificateImage: z.string({ error: MSG.guardianImageRequired }).min(1, { error: MSG.guardianImageRequired }),
});
export type GuardianBody = z.infer<typeof guardianSchema>;

/**
 * Where the patient lives (所在地区), optional: the codes of the region tree's levels from the province down, as
 * far as the shopper chose (the address book's cascader). The server checks that they are one path of the tree
 * and stores the names with them.
 */
export const patientRegionSchema = z.object({
  provinceCode: z
    .string({ error: MSG.regionInvalid })
    .trim()
    .regex(PROVINCE_CODE_PATTERN, { error: MSG.regionInvalid }),
  cityCode: optionalRegionCodeSchema(CITY_CODE_PATTERN),
  regionCode: districtCodeSchema,
  streetCode: streetCodeSchema,
});
export type PatientRegionBody = z.input<typeof patientRegionSchema>;

/** The birth date as epoch milliseconds (api-conventions: `birthDay` is a timestamp) → 'YYYY-MM-DD' in China. */
export function birthDayToDate(birthDay: number): string {
  return new Date(birthDay + 8 * 3600_000).toISOString().slice(0, 10);
}
/** 'YYYY-MM-DD' → epoch milliseconds of that day's start in China. */
export function dateToBirthDay(date: string): number {
  return Date.parse(`${date}T00:00:00+08:00`);
}

/**
 * POST /patients (add) and the edit (POST with `id`, as the documents send it). The certificate number is
 * `idCardNumber` for an ID card and `cardNumber` for another type; either may come back masked on edit.
 * Sex and birth date are derived from an ID card (and must agree with it when sent).
 */
export const patientBodySchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: patientNameSchema,
    consigneePhone: phoneOrMaskedSchema,
    certificateType: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])
      .default(CERTIFICATE_TYPES.idCard),
    idCardNumber: z.string().trim().toUpperCase().max(CERTIFICATE_NUMBER_MAX_LENGTH).optional(),
    cardNumber: z.string().trim().toUpperCase().max(CERTIFICATE_NUMBER_MAX_LENGTH).optional(),
    /** 0 male, 1 female (the form's coding). */
    sex: z.union([z.literal(0), z.literal(1)]).optional(),
    birthDay: z.number().int().optional(),
    relationLabel: z.enum(RELATION_LABELS, { error: MSG.relationRequired }),
    healthInfo: healthInfoSchema.default(EMPTY_HEALTH_INFO),
    guardianVo: guardianSchema.nullish(),
    /** None (absent or null) saves the patient without a region. */
    region: patientRegionSchema.nullish(),
    /** Under 14: the member confirms the guardian agreed to the processing of the child's data. */
    guardianConsent: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const isIdCard = body.certificateType === CERTIFICATE_TYPES.idCard;
    const number = isIdCard ? body.idCardNumber : body.cardNumber;
    const field = isIdCard ? 'idCardNumber' : 'cardNumber';
    if (!number) {
      ctx.addIssue({ code: 'custom', path: [field], message: isIdCard ? MSG.idCardEmpty : MSG.certificateEmpty });
      return;
    }
    if (isMaskedCertificate(number)) return; // unchanged on edit: the server compares it with the stored one
    if (isIdCard) {
      const result = validateIdCard(number);
      if (!result.ok) ctx.addIssue({ code: 'custom', path: [field], message: result.message });
      return;
    }
    if (!isCertificateNumberValid(body.certificateType, number)) {
      ctx.addIssue({ code: 'custom', path: [field], message: MSG.certificateMalformed });
    }
    if (body.sex === undefined) ctx.addIssue({ code: 'custom', path: ['sex'], message: MSG.sexRequired });
    if (body.birthDay === undefined) {
      ctx.addIssue({ code: 'custom', path: ['birthDay'], message: MSG.patientBirthDayEmpty });
    }
  });
export type PatientBody = z.input<typeof patientBodySchema>;
export type ParsedPatientBody = z.output<typeof patientBodySchema>;

/** Sex and birth date of a patient: from the ID card when it is one, else as entered. */
export function patientIdentity(
  body: Pick<ParsedPatientBody, 'certificateType' | 'sex' | 'birthDay'>,
  idCardNumber: string | undefined,
): { sex: 0 | 1 | undefined; birthDate: string | undefined } {
  if (body.certificateType === CERTIFICATE_TYPES.idCard && idCardNumber) {
    const result = validateIdCard(idCardNumber);
    if (result.ok) return { sex: result.sex, birthDate: result.birthday };
  }
  return { sex: body.sex, birthDate: body.birthDay === undefined ? undefined : birthDayToDate(body.birthDay) };
}

/** What a patient of this age needs besides the base fields: a guardian (≤ 6), the guardian's consent (< 14). */
export function guardianNeeds(
  birthDate: string,
  today: Date,
): { isGuardianRequired: boolean; isConsentRequired: boolean } {
  const age = ageOn(birthDate, today);
  return { isGuardianRequired: age <= GUARDIAN_REQUIRED_AGE, isConsentRequired: age < GUARDIAN_CONSENT_AGE };
}

/** A guardian as replies show it: phone and ID masked. */
export const guardianReplySchema = z.object({
  name: z.string(),
  phone: z.string(),
  cardNum: z.string(),
  certificateImage: z.string(),
});

/** The patient's region as replies show it: each level's code and name, null below the last level chosen. */
export const patientRegionReplySchema = z.object({
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
  streetCode: z.string().nullable(),
  streetName: z.string().nullable(),
});
export type PatientRegion = z.infer<typeof patientRegionReplySchema>;

/** A patient as replies show it: phone and certificate number masked; `birthDay` epoch ms. */
export const patientReplySchema = z.object({
  id: z.number(),
  name: z.string(),
  consigneePhone: z.string(),
  certificateType: z.number(),
  idCardNumber: z.string().nullable(),
  cardNumber: z.string().nullable(),
  sex: z.number(),
  age: z.number(),
  birthDay: z.number(),
  relationLabel: z.enum(RELATION_LABELS),
  healthInfo: healthInfoSchema,
  guardianVo: guardianReplySchema.nullable(),
  /**
   * Null when none was chosen. Absent from a patient as an inquiry recorded it: the record keeps what the
   * prescription needs, and the region is not part of it.
   */
  region: patientRegionReplySchema.nullable().optional(),
  isValidateName: z.boolean(),
  isDefault: z.boolean(),
  isSystemDefault: z.boolean(),
});
export type Patient = z.infer<typeof patientReplySchema>;
