// A form rule checked with a shared zod schema that is fetched when the field is first checked: the module
// answering it brings zod (and its messages, `zod-locale`), so a page can show its form before zod has loaded.
import type { FormRule } from 'antd';
import type { z } from 'zod';

export type ValidatorRule = Extract<FormRule, { validator?: unknown }>;

/** A rule whose validator runs `schema.safeParse(value)` and rejects with the first issue's message. */
export function lazyZodRule(loadSchema: () => Promise<z.ZodType>): ValidatorRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = (await loadSchema()).safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
