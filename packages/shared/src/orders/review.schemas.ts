// Review rules: every product of the order needs a score (1-5 stars), at least one of the 7 tags
// and a content of 10 to 450 characters; images are optional. One anonymous flag for the whole submit,
// taken from the last item. The page's form and the server use these same schemas.
import { z } from 'zod';
import { MSG } from '../common/messages.ts';

/** The 7 tag options ("there are 7 tag options"); the wording is ours. */
export const REVIEW_TAGS = [
  '正品保障',
  '效果明显',
  '物流很快',
  '包装完好',
  '服务周到',
  '价格实惠',
  '说明详细',
] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

export const REVIEW_MAX_SCORE = 5;
export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 450;
export const REVIEW_MAX_IMAGES = 5;

/** Characters as the shopper counts them (an emoji or a CJK character is one). */
export const countCharacters = (text: string) => [...text].length;

export const reviewScoreSchema = z
  .number({ error: MSG.reviewIncomplete })
  .int({ error: MSG.reviewIncomplete })
  .min(1, { error: MSG.reviewIncomplete })
  .max(REVIEW_MAX_SCORE, { error: MSG.reviewIncomplete });

export const reviewLabelsSchema = z
  .array(z.enum(REVIEW_TAGS, { error: MSG.reviewIncomplete }), { error: MSG.reviewIncomplete })
  .min(1, { error: MSG.reviewIncomplete })
  .max(REVIEW_TAGS.length, { error: MSG.reviewIncomplete })
  .refine((labels) => new Set(labels).size === labels.length, { error: MSG.reviewIncomplete });

/** Empty content means the product is not reviewed yet; otherwise 10-450 characters. */
export const reviewContentSchema = z
  .string({ error: MSG.reviewIncomplete })
  .trim()
  .min(1, { error: MSG.reviewIncomplete })
  .refine((text) => countCharacters(text) >= REVIEW_CONTENT_MIN && countCharacters(text) <= REVIEW_CONTENT_MAX, {
    error: MSG.reviewContentLength,
  });

/**
 * Uploaded image urls: site-relative paths only, never an outside address. The server also checks that each is
 * one of the member's own uploads.
 */
export const reviewImagesSchema = z
  .array(
    z
      .string()
      .regex(/^\/[\w\-./%]+$/, { error: MSG.reviewImageInvalid })
      .max(300, { error: MSG.reviewImageInvalid }),
  )
  .max(REVIEW_MAX_IMAGES, { error: MSG.badRequest });

/** One product's form (productEvaVos item). */
export const productEvaluationSchema = z.object({
  productCode: z.string().min(1).max(40),
  score: reviewScoreSchema,
  labels: reviewLabelsSchema,
  content: reviewContentSchema,
  images: reviewImagesSchema.default([]),
  isAnonymity: z.boolean().default(false),
});
export type ProductEvaluation = z.infer<typeof productEvaluationSchema>;

/** `POST /v3/orders/{id}/evaluate`: one form per product; isAnonymity is the last item's. */
export const evaluateOrderBodySchema = z.object({
  productEvaVos: z.array(productEvaluationSchema, { error: MSG.reviewIncomplete }).min(1, {
    error: MSG.reviewIncomplete,
  }),
  isAnonymity: z.boolean().optional(),
});
export type EvaluateOrderBody = z.infer<typeof evaluateOrderBodySchema>;

/** The anonymous flag of a submit: the explicit one, else the last item's. */
export function anonymityOf(body: Pick<EvaluateOrderBody, 'productEvaVos' | 'isAnonymity'>): boolean {
  return body.isAnonymity ?? body.productEvaVos.at(-1)?.isAnonymity ?? false;
}

/**
 * Whether the forms cover every product of the order, each complete, and nothing else. Answers the message to
 * show, or null when the submit may go ahead.
 */
export function checkEvaluationCoverage(
  productCodes: readonly string[],
  forms: readonly Pick<ProductEvaluation, 'productCode'>[],
): string | null {
  const given = new Set(forms.map((form) => form.productCode));
  if (given.size !== forms.length) return MSG.reviewIncomplete;
  if (productCodes.some((code) => !given.has(code))) return MSG.reviewIncomplete;
  if (forms.some((form) => !productCodes.includes(form.productCode))) return MSG.badRequest;
  return null;
}

/** A masked reviewer name for anonymous reviews: first and last character kept, '安***6'. */
export function maskReviewerName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return `${chars[0] ?? '匿'}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}
