// Turns a shared zod schema into an antd Form rule, so the page shows the same message as the server
// (ARCHITECTURE.md: forms use rules built from the shared schemas).
import '@anxin/shared/common/zod-locale';
import type { z } from 'zod';
import { lazyZodRule, type ValidatorRule } from './lazy-zod-rule.ts';

/** A rule whose validator runs `schema.safeParse(value)` and rejects with the first issue's message. */
export function zodRule(schema: z.ZodType): ValidatorRule {
  return lazyZodRule(async () => schema);
}
