// The open-store application (/merchants/entry, docs/MERCHANT-ENTRY.md): a pharmacy company asks to sell on the
// mall. One schema for the page's form and the server's body.
import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { phoneSchema } from '../common/phone.ts';

/** The form's messages, by field (kept in MSG with every other message the API answers). */
export const MERCHANT_ENTRY_MSG = {
  companyName: MSG.merchantCompanyNameInvalid,
  creditCode: MSG.merchantCreditCodeInvalid,
  drugLicenceNo: MSG.merchantDrugLicenceNoInvalid,
  contactName: MSG.merchantContactNameInvalid,
  businessLicenceImage: MSG.merchantBusinessLicenceImageRequired,
  drugLicenceImage: MSG.merchantDrugLicenceImageRequired,
  pending: MSG.merchantApplicationPending,
  approved: MSG.merchantApplicationApproved,
} as const;

/** The 31 characters of a unified social credit code (GB 32100-2015: digits and capitals without I, O, Z, S, V). */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (统一社会信用代码): 18 characters of the code's alphabet and a right check character. */
export function isCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  const sum = CREDIT_CODE_WEIGHTS.reduce(
    (total, weight, index) => total + CREDIT_CODE_CHARS.indexOf(value[index]!) * weight,
    0,
  );
  const check = (31 - (sum % 31)) % 31;
  return value[17] === CREDIT_CODE_CHARS[check];
}

/**
 * A drug trade licence number (药品经营许可证编号): the province's one-character abbreviation, two capitals
 * (the kind of business and the issuing authority) and seven digits, e.g. 粤AA7550001.
 */
export const DRUG_LICENCE_PATTERN = /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z]{2}\d{7}$/;

export const merchantEntryBodySchema = z.object({
  companyName: z
    .string({ error: MERCHANT_ENTRY_MSG.companyName })
    .trim()
    .min(2, { error: MERCHANT_ENTRY_MSG.companyName })
    .max(50, { error: MERCHANT_ENTRY_MSG.companyName }),
  creditCode: z
    .string({ error: MERCHANT_ENTRY_MSG.creditCode })
    .trim()
    .toUpperCase()
    .refine(isCreditCode, { error: MERCHANT_ENTRY_MSG.creditCode }),
  drugLicenceNo: z
    .string({ error: MERCHANT_ENTRY_MSG.drugLicenceNo })
    .trim()
    .toUpperCase()
    .regex(DRUG_LICENCE_PATTERN, { error: MERCHANT_ENTRY_MSG.drugLicenceNo }),
  contactName: z
    .string({ error: MERCHANT_ENTRY_MSG.contactName })
    .trim()
    .regex(/^[\u4e00-\u9fa5A-Za-z·. ]{2,10}$/, { error: MERCHANT_ENTRY_MSG.contactName }),
  contactPhone: phoneSchema,
  /** Own private uploads (POST /v2/upload?module=private): the URL the upload answered. */
  businessLicenceImage: z
    .string({ error: MERCHANT_ENTRY_MSG.businessLicenceImage })
    .min(1, { error: MERCHANT_ENTRY_MSG.businessLicenceImage })
    .max(500, { error: MERCHANT_ENTRY_MSG.businessLicenceImage }),
  drugLicenceImage: z
    .string({ error: MERCHANT_ENTRY_MSG.drugLicenceImage })
    .min(1, { error: MERCHANT_ENTRY_MSG.drugLicenceImage })
    .max(500, { error: MERCHANT_ENTRY_MSG.drugLicenceImage }),
});
export type MerchantEntryBody = z.infer<typeof merchantEntryBodySchema>;

/** 0 待审核, 1 已通过, 2 未通过 (the applicant may apply again). */
export const MERCHANT_ENTRY_STATUS_TEXT = { 0: '审核中', 1: '已通过', 2: '未通过' } as const;

export const merchantEntrySchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  creditCode: z.string(),
  drugLicenceNo: z.string(),
  contactName: z.string(),
  /** Masked (138****8000). */
  contactPhone: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type MerchantEntry = z.infer<typeof merchantEntrySchema>;

/** `GET /v2/merchants/entry`: the member's latest application, or null before the first. */
export const merchantEntryReplySchema = z.object({ entry: merchantEntrySchema.nullable() });
export type MerchantEntryReply = z.infer<typeof merchantEntryReplySchema>;
