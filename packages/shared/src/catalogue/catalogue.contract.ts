import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { pageOf } from '../common/page.ts';
import { SEARCH_TEXT_MAX_LENGTH } from '../common/text.ts';
import { PRODUCT_SEARCH_DEFAULT_PAGE_SIZE, PRODUCT_SEARCH_MAX_PAGE_SIZE } from './catalogue.ts';

// The catalogue as the API answers it: the server's reply schemas (OpenAPI) and the pages' types, one
// definition. Prices in integer cents.

/** Product codes are our own: 7 digits. */
export const productCodeSchema = z.string().regex(/^\d{7}$/, { error: MSG.productCodeMalformed });

/** `GET /v2/products/search?keyword&page&size`: an empty keyword lists the whole catalogue. */
export const productSearchQuerySchema = z.object({
  keyword: z.string().trim().max(SEARCH_TEXT_MAX_LENGTH).default(''),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(PRODUCT_SEARCH_MAX_PAGE_SIZE).default(PRODUCT_SEARCH_DEFAULT_PAGE_SIZE),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;

/** A product as the search, the cart and the product page show it. */
export const productViewSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  commonTitle: z.string(),
  packing: z.string(),
  price: z.number().int().describe('cents'),
  prescriptionType: z.number().int().describe('2, 3 non-prescription; 4, 5 prescription'),
  stockStatus: z.number().int().describe('2 in stock, 4 out of stock'),
  classCode: z.string(),
  className: z.string(),
  manufacturer: z.string(),
  productImageUrl: z.string(),
});
export type ProductView = z.infer<typeof productViewSchema>;

/** `GET /v2/products/search`: one page of products, in-stock first. */
export const productPageSchema = pageOf(productViewSchema);
export type ProductPage = z.infer<typeof productPageSchema>;

/** `GET /v2/products/{code}`: the product with its description. */
export const productDetailSchema = productViewSchema.extend({ description: z.string() });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A review as the product page shows it: an anonymous reviewer's name comes masked (安***6). */
export const productReviewSchema = z.object({
  id: z.number(),
  score: z.number().int(),
  content: z.string(),
  labels: z.array(z.string()),
  images: z.array(z.string()),
  isAnonymity: z.boolean(),
  createdAt: z.string(),
  nickname: z.string(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

/** `GET /v2/products/{code}/reviews`: one page of a product's reviews, newest first. */
export const productReviewPageSchema = pageOf(productReviewSchema);
export type ProductReviewPage = z.infer<typeof productReviewPageSchema>;
