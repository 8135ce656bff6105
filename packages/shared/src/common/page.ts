import { z } from 'zod';

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
