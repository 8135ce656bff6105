/** One field an act changed: its value before and after, as text ('' where it had none). */
export type AuditChange = { field: string; before: string; after: string };

const text = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** The fields whose values differ between `before` and `after`, in the order they first appear. */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: text(before?.[field]), after: text(after?.[field]) }))
    .filter((change) => change.before !== change.after);
}
