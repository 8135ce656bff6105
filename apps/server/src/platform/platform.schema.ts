import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters as rows, so limits hold across restarts and across server processes.
 * A window opens at the first hit of a key and lasts its full length ("1 per 60 s" means 60 s apart).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

/** The sandbox SMS provider's outbox: what a real gateway would have delivered. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid().primaryKey(),
    phone: text().notNull(),
    content: text().notNull(),
    code: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
);

/** The sandbox mail provider's outbox: what a real mail service would have delivered (attachments by name and size). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey(),
    /** One row per message; all its recipients. */
    recipients: jsonb().$type<string[]>().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    attachments: jsonb().$type<{ filename: string; contentType: string; size: number }[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Settings the operator changes (`npm run ops`, the console), one JSON value per key: the Rx order settings
 * (inquiry), the mall configuration's groups (mall). Here, below both, since each module reads its own keys.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
