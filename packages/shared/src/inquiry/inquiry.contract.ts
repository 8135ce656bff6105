import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { patientReplySchema } from '../patients/patient.contract.ts';
import {
  CUSTOM_DISEASE_LIMIT,
  checkAnswerSet,
  DISEASE_NAME_MAX_LENGTH,
  DISEASE_SEARCH_PAGE_SIZE,
  DISEASE_SEXES,
  PRESCRIPTION_STATUSES,
} from './inquiry.rules.ts';

// The prescription inquiry (/pay/inquiry, "Rx order settings", "Inquiry questions"): what the page shows and
// what it sends. Its limits, texts and the checks both the page and the server run are in inquiry.rules.ts.
export * from './inquiry.rules.ts';

// ---- Diseases (ICD-10, Chinese name, sex applicability) ----
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

const answerSchema = z.object({ question: z.string(), answer: z.enum(['是', '否']), optionOne: z.string().optional() });

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
  /** One answer to each of the three questions, nothing else (checkAnswerSet); whether each is right is checked after. */
  prescriptionAnswer: z
    .array(answerSchema)
    .max(10)
    .superRefine((answers, context) => {
      const problem = checkAnswerSet(answers);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  isConfirmed: z.literal(true, { error: MSG.inquiryConfirmRequired }),
  /** Complete mode or when the settings ask for it: prescription image URLs (uploads), up to 5. */
  prescriptionImages: z.array(z.string().min(1).max(300)).max(5).default([]),
});
export type InquirySubmit = z.input<typeof inquirySubmitSchema>;

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
