import type { FormInstance } from 'antd';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * Shows a 400's field messages under the fields the form has (the server names them as the form does).
 * Answers whether any field took a message.
 */
export function showServerFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const known = error.fields.filter((field) => form.getFieldInstance(field.field) !== undefined);
  form.setFields(known.map((field) => ({ name: field.field, errors: [field.message] })));
  return known.length > 0;
}
