import { z } from 'zod';

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** The error replies every route may give, for the OpenAPI document. */
export const errorReplies = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

export function toPage<T>(content: T[], totalElements: number, page: number, size: number) {
  return { content, totalElements, totalPages: Math.ceil(totalElements / size), page, size };
}
