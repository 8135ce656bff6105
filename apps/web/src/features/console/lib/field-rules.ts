import type { FormRule } from 'antd';
import type { z } from 'zod';
import { zodRule } from '../../../lib/zod-rule.ts';

/**
 * A required field checked by the server's own schema, so the page shows the server's messages; an empty field
 * says `emptyMessage` (the schema would only say its value is missing).
 */
export function requiredFieldRules(schema: z.ZodType, emptyMessage: string): FormRule[] {
  return [{ required: true, whitespace: true, message: emptyMessage }, zodRule(schema)];
}
