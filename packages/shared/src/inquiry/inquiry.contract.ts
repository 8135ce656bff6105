import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { patientReplySchema } from '../patients/patient.contract.ts';

// The prescription inquiry (/pay/inquiry, "Rx order settings",
// "Inquiry questions"): what the page shows, what it sends, and the checks both the page and the server run.

// ---- Limits ----
export const CUSTOM_DISEASE_LIMIT = 5;
export const DISEASE_NAME_MAX_LENGTH = 50;
export const DISEASE_SEARCH_PAGE_SIZE = 10;
export const DISEASE_SEARCH_DEBOUNCE_MS = 500;

// ---- Diseases (ICD-10, Chinese name, sex applicability) ----
export const DISEASE_SEXES = ['male', 'female', 'common'] as const;
export type DiseaseSex = (typeof DISEASE_SEXES)[number];

export const diseaseSchema = z.object({ icdCode: z.string(), icdName: z.string(), sex: z.enum(DISEASE_SEXES) });
export type Disease = z.infer<typeof diseaseSchema>;

/** GET /v3/product/dataDict/diseases: the word search (name ≤ 50), for a patient's age and sex, page of 10. */
export const diseaseSearchQuerySchema = z.object({
  name: z.string().trim().max(DISEASE_NAME_MAX_LENGTH, { error: MSG.searchTextTooLong }).default(''),
  age: z.coerce.number().int().min(0).max(150).optional(),
  /** 0 male, 1 female (the patient form's coding). */
  sex: z.coerce.number().int().min(0).max(1).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(DISEASE_SEARCH_PAGE_SIZE),
});

/** Does a disease apply to a patient of this sex (0 male, 1 female)? */
export const isDiseaseForSex = (disease: Pick<Disease, 'sex'>, sex: number) =>
  disease.sex === 'common' || (disease.sex === 'male' ? sex === 0 : sex === 1);

// ---- Rx order settings: data the operator changes, the pages and the server follow ----
export const rxOrderSettingsSchema = z.object({
  /** The patient's ID number is required. */
  isDrugUserInfoNeed: z.boolean(),
  /** The patient must be real-name verified. */
  isNeedUserValidation: z.boolean(),
  /** Each prescription drug needs at least one diagnosed disease. */
  isDiseaseRequired: z.boolean(),
  /** Prescription images are required in complete mode. */
  isPrescriptionImageRequired: z.boolean(),
  strictControlRxRuleType: z.number().int(),
  noStrictControlRxRuleType: z.number().int(),
  orderStrictControlRxRuleType: z.number().int(),
  prepositionCheckType: z.number().int(),
});
export type RxOrderSettings = z.infer<typeof rxOrderSettingsSchema>;
export const DEFAULT_RX_ORDER_SETTINGS: RxOrderSettings = {
  isDrugUserInfoNeed: true,
  isNeedUserValidation: true,
  isDiseaseRequired: true,
  isPrescriptionImageRequired: false,
  strictControlRxRuleType: 1,
  noStrictControlRxRuleType: 0,
  orderStrictControlRxRuleType: 1,
  prepositionCheckType: 1,
};

// ---- The three questions (the UI texts): expected 是, 否, 否 ----
export const INQUIRY_QUESTIONS = [
  {
    question: '您是否已在线下医院确诊该疾病，并使用过该药品？',
    expected: '是',
    wrongMessage: MSG.answerContraindicated,
  },
  { question: '您是否有该药品的过敏史或相关禁忌症？', expected: '否', wrongMessage: MSG.answerContraindicated },
  { question: '您使用该药品后是否出现过不良反应？', expected: '否', wrongMessage: MSG.answerAdverseReaction },
] as const;
export const INQUIRY_CONFIRM_TEXT = '本人确认已在线下确诊并使用过该药品，无过敏史、无相关禁忌症和不良反应';
/** The version of the consent text the member agreed to; kept with the inquiry. */
export const INQUIRY_CONSENT_VERSION = 'inquiry-consent-2026-11';
/** A pharmacist's rejection states its reason in at most this many characters. */
export const REJECT_REASON_MAX_LENGTH = 100;

const answerSchema = z.object({ question: z.string(), answer: z.enum(['是', '否']), optionOne: z.string().optional() });

/** The first wrong answer's message, or null when the answers are the expected 是, 否, 否. */
export function checkAnswers(answers: readonly { question: string; answer: string }[]): string | null {
  for (const item of INQUIRY_QUESTIONS) {
    const given = answers.find((answer) => answer.question === item.question);
    if (!given) return MSG.inquiryAnswersRequired;
    if (given.answer !== item.expected) return item.wrongMessage;
  }
  return null;
}

// ---- A product of the order as the inquiry shows it ----
export const inquiryDiseaseSchema = z.object({
  diseasesDesc: z.string(),
  icdCode: z.string(),
  sex: z.enum(DISEASE_SEXES),
  isDefault: z.boolean(),
  isCustom: z.boolean(),
  selected: z.boolean(),
});
export const inquiryProductSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  commonTitle: z.string(),
  prescriptionType: z.number(),
  /** Banned for patients younger than this many years (null: no ban). */
  forbiddenAgeLess: z.number().nullable(),
  /** Banned for patients older than this many years. */
  forbiddenAgeGreater: z.number().nullable(),
  diseasesList: z.array(inquiryDiseaseSchema),
});
export type InquiryProduct = z.infer<typeof inquiryProductSchema>;

/** Age bans and sex rules of the chosen patient against each product and its chosen diseases. */
export function checkPatientForProducts(
  patient: { age: number; sex: number },
  products: readonly Pick<InquiryProduct, 'forbiddenAgeLess' | 'forbiddenAgeGreater'>[],
  chosenDiseases: readonly Pick<Disease, 'sex'>[],
): string | null {
  for (const product of products) {
    if (product.forbiddenAgeLess !== null && patient.age < product.forbiddenAgeLess) return MSG.contraindicatedAge;
    if (product.forbiddenAgeGreater !== null && patient.age > product.forbiddenAgeGreater) {
      return MSG.contraindicatedAge;
    }
  }
  if (chosenDiseases.some((disease) => !isDiseaseForSex(disease, patient.sex))) return MSG.genderMismatch;
  return null;
}

/** The self-added diseases of one product: at most 5, no name twice (nor one of the dictionary diseases chosen). */
export function checkCustomDiseases(custom: readonly string[], chosenNames: readonly string[]): string | null {
  if (custom.length > CUSTOM_DISEASE_LIMIT) return MSG.customDiseaseLimit;
  const seen = new Set(chosenNames);
  for (const name of custom) {
    if (seen.has(name)) return MSG.customDiseaseExists;
    seen.add(name);
  }
  return null;
}

/** POST /v2/orders/inquiry/perfect/{ordersCode}: the patient, per product its diseases, the answers, the consent. */
export const inquirySubmitSchema = z.object({
  patientId: z.number({ error: MSG.patientEmpty }).int().positive({ error: MSG.patientEmpty }),
  skus: z
    .array(
      z.object({
        productCode: z.string().min(1).max(32),
        /** ICD-10 codes from the dictionary. */
        diseases: z.array(z.string().min(1).max(16)).max(20).default([]),
        /** Self-added disease names. */
        customizeDiseases: z
          .array(z.string().trim().min(1, { error: MSG.customDiseaseNameInvalid }).max(DISEASE_NAME_MAX_LENGTH))
          .max(CUSTOM_DISEASE_LIMIT, { error: MSG.customDiseaseLimit })
          .default([]),
      }),
    )
    .min(1)
    .max(50),
  prescriptionAnswer: z.array(answerSchema).max(10),
  isConfirmed: z.literal(true, { error: MSG.inquiryConfirmRequired }),
  /** Complete mode or when the settings ask for it: prescription image URLs (uploads), up to 5. */
  prescriptionImages: z.array(z.string().min(1).max(300)).max(5).default([]),
});
export type InquirySubmit = z.input<typeof inquirySubmitSchema>;

/** The pharmacist's review of a submitted inquiry (beyond the spec, see docs/PRESCRIPTIONS.md). */
export const PRESCRIPTION_STATUSES = ['reviewing', 'passed', 'rejected'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];
export const PRESCRIPTION_STATUS_TEXT = {
  reviewing: '药师审核中',
  passed: '审核通过',
  rejected: '未通过',
} as const satisfies Record<PrescriptionStatus, string>;

/** GET /v2/orders/inquiry/{ordersCode}: what /pay/inquiry needs for one order. */
export const inquiryDataSchema = z.object({
  ordersCode: z.string(),
  isPerfect: z.boolean(),
  settings: rxOrderSettingsSchema,
  products: z.array(inquiryProductSchema),
  /** The patient chosen when the inquiry was submitted, else null. */
  patientVo: patientReplySchema.nullable(),
  status: z.enum(PRESCRIPTION_STATUSES).nullable(),
});
export type InquiryData = z.infer<typeof inquiryDataSchema>;

/** The reply of a submitted inquiry: the order can now be paid; the pharmacist reviews it. */
export const inquirySubmitReplySchema = z.object({
  ordersCode: z.string(),
  isPerfect: z.literal(true),
  status: z.literal('reviewing'),
});

/** GET /v5/orders/prescriptionSign/findByOrdersCodes with the review's progress. */
export const prescriptionLookupSchema = z.object({
  ordersCode: z.string(),
  patientName: z.string(),
  /** Masked. */
  idCardNumber: z.string().nullable(),
  cardNumber: z.string().nullable(),
  telephone: z.string(),
  sex: z.number(),
  age: z.number(),
  relationLabel: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  statusText: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  pharmacistName: z.string().nullable(),
  rejectReason: z.string().nullable(),
  prescriptionSignExternal: z.object({
    diseaseData: z.array(
      z.object({
        productCode: z.string(),
        diseasesList: z.array(z.object({ icdName: z.string(), icdCode: z.string().nullable(), isCustom: z.boolean() })),
      }),
    ),
  }),
});
export type PrescriptionLookup = z.infer<typeof prescriptionLookupSchema>;

/** GET /v2/orders/{ordersCode}/prescription: the prescription a pharmacist passed, as the member may print it. */
export const prescriptionSchema = z.object({
  ordersCode: z.string(),
  patient: z.object({
    name: z.string(),
    sex: z.number(),
    age: z.number(),
    relationLabel: z.string(),
    /** Masked. */
    certificateNumber: z.string(),
  }),
  diagnoses: z.array(z.string()),
  drugs: z.array(
    z.object({ productCode: z.string(), productName: z.string(), packing: z.string().nullable(), amount: z.number() }),
  ),
  pharmacistName: z.string(),
  reviewedAt: z.string(),
  submittedAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;
