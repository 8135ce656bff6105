import type { FormRule } from 'antd';
import type { z } from 'zod';
import { zodRule } from '../../../lib/zod-rule.ts';

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * A required field checked by the server's own schema, so the page shows the server's messages: an empty field
 * says `emptyMessage` alone (the schema is asked about a value only).
 */
export function requiredFieldRules(schema: z.ZodType, emptyMessage: string): FormRule[] {
  const check = zodRule(schema);
  return [
    { required: true, whitespace: true, message: emptyMessage },
    {
      validator: (rule, value, callback) =>
        isEmpty(value) ? Promise.resolve() : check.validator!(rule, value, callback),
    },
  ];
}
