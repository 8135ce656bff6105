import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator's acts that change something (docs/CONSOLE.md, 操作日志): who, with which roles, when, what,
 * on which object, before → after. Written by `recordAudit` in the act's own transaction, so an act and its
 * entry commit or roll back together. Append-only: a trigger (migration) refuses UPDATE, DELETE and TRUNCATE.
 * No foreign key to `staff`: the log outlives whatever it names.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** Null for the command line. */
    staffId: bigint({ mode: 'number' }),
    /** The staff member's login name, or 'ops' for the command line. */
    actor: text().notNull(),
    roles: jsonb().$type<string[]>().notNull(),
    action: text().notNull(),
    objectType: text().notNull(),
    objectId: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('staff_audit_log_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('staff_audit_log_object_idx').on(t.objectId, t.at),
    index('staff_audit_log_actor_idx').on(t.actor, t.at),
  ],
);

export type AuditRow = typeof staffAuditLog.$inferSelect;
