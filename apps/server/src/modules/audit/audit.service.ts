import { maskIdCard } from '@anxin/shared/common/id-card';
import type { Paged } from '@anxin/shared/common/page';
import {
  AUDIT_ACTION_NAME,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditLogQuery,
  chinaDayOf,
  chinaDayStart,
  OPS_ACTOR,
} from '@anxin/shared/staff/console.contract';
import { STAFF_ROLE_NAME, type StaffRole } from '@anxin/shared/staff/staff-roles';
import { and, asc, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type AuditRow, staffAuditLog } from './audit.schema.ts';

/** Who acted: a signed-in staff member (the console), or the command line. */
export type AuditActor = { id: number; loginName: string; roles: readonly StaffRole[] } | typeof OPS_ACTOR;

export type AuditRecord = {
  actor: AuditActor;
  at: Date;
  /** 'order.ship', 'rx.reject'… (AUDIT_ACTION_NAME names them). */
  action: string;
  objectType: string;
  objectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Fields that never go into the log, whatever a caller passes. */
const SECRET_KEY = /password|secret|token|hash|recovery/i;
/** Fields whose value is a certificate number of some kind: kept masked. */
const CERTIFICATE_KEY = /certificate|idcard|cardnum/i;
/** A mainland ID number (18 characters, or the old 15 digits) inside any text. */
const ID_NUMBER = /(?<![0-9A-Za-z])(\d{17}[\dXx]|\d{15})(?![0-9A-Za-z])/g;

/** A before/after value fit for the log: secrets dropped, ID numbers masked, at any depth. */
function scrubbed(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    return CERTIFICATE_KEY.test(key) ? maskIdCard(value) : value.replace(ID_NUMBER, (found) => maskIdCard(found));
  }
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => !SECRET_KEY.test(name))
        .map(([name, inner]) => [name, scrubbed(inner, name)]),
    );
  }
  return value;
}

const scrubbedRecord = (value: Record<string, unknown> | null | undefined) =>
  value ? (scrubbed(value) as Record<string, unknown>) : null;

/**
 * Writes one entry of the log; call it inside the act's transaction (`tx`), after the act succeeded, so the
 * entry exists exactly when the act does.
 */
export async function recordAudit(tx: Executor, record: AuditRecord) {
  const { actor } = record;
  await tx.insert(staffAuditLog).values({
    at: record.at,
    staffId: actor === OPS_ACTOR ? null : actor.id,
    actor: actor === OPS_ACTOR ? OPS_ACTOR : actor.loginName,
    roles: actor === OPS_ACTOR ? [] : [...actor.roles],
    action: record.action,
    objectType: record.objectType,
    objectId: record.objectId,
    before: scrubbedRecord(record.before),
    after: scrubbedRecord(record.after),
  });
}

/** `text` as the start of a LIKE pattern: its own % and _ are plain characters. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function filterOf(query: AuditLogQuery): SQL | undefined {
  return and(
    query.staff ? like(staffAuditLog.actor, startsWith(query.staff)) : undefined,
    query.action ? like(staffAuditLog.action, startsWith(query.action)) : undefined,
    query.object ? like(staffAuditLog.objectId, startsWith(query.object)) : undefined,
    query.from ? gte(staffAuditLog.at, chinaDayStart(query.from)) : undefined,
    query.to ? lt(staffAuditLog.at, chinaDayStart(query.to, 1)) : undefined,
  );
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    staffId: row.staffId,
    actor: row.actor,
    roles: row.roles as StaffRole[],
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    before: row.before,
    after: row.after,
  };
}

/** The entries of one object, oldest first (an order's timeline shows who did what to it). */
export async function findAuditEntriesOf(db: Executor, objectType: string, objectId: string): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.objectType, objectType), eq(staffAuditLog.objectId, objectId)))
    .orderBy(asc(staffAuditLog.at), asc(staffAuditLog.id));
  return rows.map(toEntry);
}

/** The rows a CSV export holds at most (a longer period is exported in parts). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

const csvCell = (value: string) => {
  // A cell a spreadsheet would read as a formula is written as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** '2026-11-28 14:05:09' in China time. */
const chinaTime = (date: Date) =>
  `${chinaDayOf(date)} ${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(11, 19)}`;

export function createAuditLogService(db: Executor) {
  return {
    /** Newest first, AUDIT_PAGE_SIZE a page. */
    async list(query: AuditLogQuery & { page: number }): Promise<Paged<AuditEntry>> {
      const where = filterOf(query);
      const [total] = await db.select({ value: count() }).from(staffAuditLog).where(where);
      const rows = await db
        .select()
        .from(staffAuditLog)
        .where(where)
        .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((query.page - 1) * AUDIT_PAGE_SIZE);
      const totalElements = total?.value ?? 0;
      return {
        content: rows.map(toEntry),
        totalElements,
        totalPages: Math.ceil(totalElements / AUDIT_PAGE_SIZE),
        page: query.page,
        size: AUDIT_PAGE_SIZE,
      };
    },

    /** The same filter as a CSV file (UTF-8 with a BOM, so a spreadsheet reads the Chinese), newest first. */
    async csv(query: AuditLogQuery): Promise<string> {
      const rows = await db
        .select()
        .from(staffAuditLog)
        .where(filterOf(query))
        .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
        .limit(AUDIT_CSV_MAX_ROWS);
      const header = ['时间', '操作人', '角色', '操作', '对象类型', '对象', '变更前', '变更后'];
      const lines = rows.map((row) =>
        [
          chinaTime(row.at),
          row.actor,
          (row.roles as StaffRole[]).map((role) => STAFF_ROLE_NAME[role] ?? role).join('、'),
          AUDIT_ACTION_NAME[row.action] ?? row.action,
          row.objectType,
          row.objectId,
          row.before ? JSON.stringify(row.before) : '',
          row.after ? JSON.stringify(row.after) : '',
        ]
          .map(csvCell)
          .join(','),
      );
      return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}
