import { z } from 'zod';
import { MSG } from './messages.ts';

/** A paged list, the shape of every paged reply (docs/API-CONVENTIONS.md): `page` starts at 1. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
export type Paged<T> = { content: T[]; totalElements: number; totalPages: number; page: number; size: number };

/** The largest page a paged call serves. */
export const MAX_PAGE_SIZE = 50;

/** `page` of a paged call's query: from 1, default 1. */
export const pageNumberParam = z.coerce
  .number({ error: MSG.pageInvalid })
  .int({ error: MSG.pageInvalid })
  .min(1, { error: MSG.pageInvalid })
  .max(100_000, { error: MSG.pageInvalid })
  .default(1);

/** `size` of a paged call's query: 1 to MAX_PAGE_SIZE, `fallback` when absent. */
export const pageSizeParam = (fallback: number) =>
  z.coerce
    .number({ error: MSG.pageSizeInvalid })
    .int({ error: MSG.pageSizeInvalid })
    .min(1, { error: MSG.pageSizeInvalid })
    .max(MAX_PAGE_SIZE, { error: MSG.pageSizeInvalid })
    .default(fallback);
