// Turns a shared zod schema into an antd Form rule, so the page shows the same message as the server
// (ARCHITECTURE.md: forms use rules built from the shared schemas).
import '@anxin/shared/common/zod-locale';
import type { FormRule } from 'antd';
import type { z } from 'zod';

type ValidatorRule = Extract<FormRule, { validator?: unknown }>;

/** A rule whose validator runs `schema.safeParse(value)` and rejects with the first issue's message. */
export function zodRule(schema: z.ZodType): ValidatorRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
