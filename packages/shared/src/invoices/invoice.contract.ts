import { z } from 'zod';
import { coinListQuerySchema } from '../assets/assets.contract.ts';
import { MSG } from '../common/messages.ts';
import { pageOf } from '../common/page.ts';
import { isTaxpayerNumber } from './taxpayer-number.ts';

// Invoices (发票): the choice made at settlement, the issued invoice as the API answers it, and the e-mail
// request. The server's schemas and the pages' types, one definition. Money in integer cents, times ISO 8601.

/** The invoice list shows 4 a page. */
export const INVOICE_PAGE_SIZE = 4;
/** One e-mail request sends to at most this many addresses. */
export const INVOICE_EMAIL_MAX_ADDRESSES = 5;

/** The medium: an electronic (PDF) or a paper VAT ordinary invoice. */
export const INVOICE_KINDS = ['electronic', 'paper'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_NAME: Record<InvoiceKind, string> = {
  electronic: '电子增值税普通发票',
  paper: '纸质增值税普通发票',
};

/** Whose name the invoice carries: a person or a company (单位, which needs its taxpayer number). */
export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_NAME: Record<InvoiceTitleType, string> = { personal: '个人', company: '单位' };

/** What the invoice lists: each product line, or one line per drug category. */
export const INVOICE_CONTENTS = ['商品明细', '商品类别'] as const;
export type InvoiceContent = (typeof INVOICE_CONTENTS)[number];

/**
 * The order's `invoiceType` code: '<title>-<medium>', title 1 personal / 2 company, medium 1 electronic / 2 paper.
 * So 1-1 and 2-1 are electronic VAT ordinary invoices, 1-2 and 2-2 paper ones.
 */
export function invoiceTypeCode(kind: InvoiceKind, titleType: InvoiceTitleType): string {
  return `${titleType === 'personal' ? 1 : 2}-${kind === 'electronic' ? 1 : 2}`;
}
export function invoiceKindOfType(code: string): InvoiceKind {
  return code.endsWith('-1') ? 'electronic' : 'paper';
}

/**
 * What a title may not hold, since the PDF prints it as it is: control characters (a line break or tab cuts the
 * line, most print nothing), format characters (the direction overrides and isolates U+202A–U+202E and
 * U+2066–U+2069 and the marks U+200E/U+200F/U+061C reorder what follows, so a title can print reversed;
 * zero-width characters and the soft hyphen are invisible), the line and paragraph separators, and a lone half
 * of a surrogate pair, which is no character at all.
 */
const UNPRINTABLE_IN_TITLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** One e-mail address: required, an address (邮箱不能为空 / 请输入正确的邮箱地址). */
export const invoiceEmailSchema = z
  .string({ error: MSG.emailEmpty })
  .trim()
  .min(1, { error: MSG.emailEmpty })
  .max(100, { error: MSG.emailMalformed })
  .regex(EMAIL_PATTERN, { error: MSG.emailMalformed });

/** The taxpayer number as typed: spaces dropped, letters upper-cased, then checked (taxpayer-number.ts). */
export const taxpayerNumberSchema = z
  .string({ error: MSG.taxpayerNumberEmpty })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: MSG.taxpayerNumberEmpty })
      .refine(isTaxpayerNumber, { error: MSG.taxpayerNumberInvalid }),
  );

/**
 * The invoice chosen at settlement (`POST /v2/orders` `invoice`; none when the member wants no invoice). A
 * company title needs its taxpayer number; an electronic invoice needs the e-mail it is sent to.
 */
export const invoiceRequestSchema = z
  .object({
    kind: z.enum(INVOICE_KINDS, { error: MSG.invoiceKindRequired }),
    titleType: z.enum(INVOICE_TITLE_TYPES, { error: MSG.invoiceTitleTypeRequired }),
    /** 个人 by default for a personal title; the company's registered name for a company. */
    title: z
      .string({ error: MSG.invoiceTitleEmpty })
      .trim()
      .min(1, { error: MSG.invoiceTitleEmpty })
      .max(100, { error: MSG.invoiceTitleTooLong })
      .refine((title) => !UNPRINTABLE_IN_TITLE.test(title), { error: MSG.invoiceTitleUnprintable }),
    taxPayerNumber: taxpayerNumberSchema.optional(),
    content: z.enum(INVOICE_CONTENTS, { error: MSG.invoiceContentRequired }),
    email: invoiceEmailSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.titleType === 'company' && !value.taxPayerNumber) {
      context.addIssue({ code: 'custom', path: ['taxPayerNumber'], message: MSG.taxpayerNumberEmpty });
    }
    if (value.kind === 'electronic' && !value.email) {
      context.addIssue({ code: 'custom', path: ['email'], message: MSG.emailEmpty });
    }
  });
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;
export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;

/** One line of an issued invoice: amounts in cents, tax included in `amount`. */
export const invoiceLineSchema = z.object({
  name: z.string(),
  packing: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price with tax, in cents. */
  unitPrice: z.number().int(),
  /** Line total with tax; a discount line is negative. */
  amount: z.number().int(),
  /** Percent, e.g. 13. */
  taxRate: z.number().int(),
  taxAmount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** An issued invoice in the list (`GET /v2/invoices`). */
export const invoiceSummarySchema = z.object({
  ordersCode: z.string(),
  invoiceNumber: z.string(),
  invoiceType: z.string(),
  invoiceTypeName: z.string(),
  consigneeType: z.string(),
  title: z.string(),
  /** Invoice total with tax, in cents (what the member paid). */
  amount: z.number().int(),
  issuedAt: z.string(),
  orderCreationDate: z.string(),
  /**
   * The red-letter (红字) invoices of the order's refunds (docs/AFTERSALE.md), oldest first: each for one refund,
   * its `amount` negative cents; its PDF through `GET /v2/invoices/{ordersCode}/red-letters/{invoiceNumber}/urls`.
   */
  redLetters: z.array(z.object({ invoiceNumber: z.string(), amount: z.number().int(), issuedAt: z.string() })),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoicePageSchema = pageOf(invoiceSummarySchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;

/** `GET /v2/invoices/{ordersCode}`: the whole invoice. */
export const invoiceDetailSchema = invoiceSummarySchema.extend({
  invoiceContent: z.string(),
  taxPayerNumber: z.string().nullable(),
  /** Where an electronic invoice was asked to go (the e-mail dialog starts with it). */
  email: z.string().nullable(),
  sellerName: z.string(),
  sellerTaxPayerNumber: z.string(),
  lines: z.array(invoiceLineSchema),
  amountWithoutTax: z.number().int(),
  taxAmount: z.number().int(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** `GET /v2/invoices?page&size`. */
export const invoiceListQuerySchema = z.object({
  page: coinListQuerySchema.shape.page,
  size: coinListQuerySchema.shape.size.unwrap().default(INVOICE_PAGE_SIZE),
});

/** `POST /v2/invoices/{ordersCode}/email {emails}`: one to five addresses, no repeats. */
export const invoiceEmailBodySchema = z.object({
  emails: z
    .array(invoiceEmailSchema, { error: MSG.emailEmpty })
    .min(1, { error: MSG.emailEmpty })
    .max(INVOICE_EMAIL_MAX_ADDRESSES, { error: MSG.invoiceEmailTooMany })
    .transform((emails) => [...new Set(emails.map((email) => email.toLowerCase()))]),
});
export type InvoiceEmailBody = z.input<typeof invoiceEmailBodySchema>;

/** The reply of the e-mail request. */
export const invoiceEmailReplySchema = z.object({ sentTo: z.array(z.string()) });

/** `GET /v2/invoices/{ordersCode}/urls`: signed links to the PDF, valid a few minutes. */
export const invoiceUrlsSchema = z.object({ urls: z.array(z.string()), expiresAt: z.string() });
export type InvoiceUrls = z.infer<typeof invoiceUrlsSchema>;

/** The order code in a path; one that names no invoice of the member's is 404. */
export const ordersCodeParamSchema = z.object({ ordersCode: z.string().min(1).max(64) });
