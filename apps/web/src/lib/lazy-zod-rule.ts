// A form rule checked with a shared zod schema that is fetched when the field is first checked: the module
// answering it brings zod (and its messages, `zod-locale`), so a page can show its form before zod has loaded.
import { MSG } from '@anxin/shared/common/messages';
import type { FormRule } from 'antd';
import type { z } from 'zod';

export type ValidatorRule = Extract<FormRule, { validator?: unknown }>;

/** A module a field's check needs; one that cannot be fetched (the connection dropped) says so in the page's words. */
export function loadForCheck<M>(load: () => Promise<M>): Promise<M> {
  return load().catch(() => {
    throw new Error(MSG.networkPoor);
  });
}

/** A rule whose validator runs `schema.safeParse(value)` and rejects with the first issue's message. */
export function lazyZodRule(loadSchema: () => Promise<z.ZodType>): ValidatorRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = (await loadForCheck(loadSchema)).safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
