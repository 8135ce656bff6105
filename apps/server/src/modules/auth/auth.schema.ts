import { type SmsPurpose, smsPurposes } from '@anxin/shared/account/account.schemas';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

export type { SmsPurpose };

/** One sign-in: every refresh token of a chain belongs to it; revoking it ends access and refresh at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    method: text().notNull(),
    userAgent: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/** Opaque refresh tokens, stored as SHA-256; each is used once (rotation), a second use ends the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A ticket starts an SMS send; when a slide captcha is needed it must be passed for this ticket first. */
export const smsTickets = pgTable('sms_tickets', {
  ticket: text().primaryKey(),
  phone: text().notNull(),
  purpose: text({ enum: smsPurposes }).notNull(),
  isNeedCaptcha: integer().notNull(),
  ip: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** Slide-captcha challenges: the answer never leaves the server (except in CAPTCHA_MODE=test). */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: text().primaryKey(),
  ticket: text().notNull(),
  phone: text().notNull(),
  answerX: integer().notNull(),
  attempts: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /** The single-use result handed to the page, stored hashed, bound to phone and ticket. */
  passHash: text(),
  passUsedAt: timestamp({ withTimezone: true }),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid().primaryKey(),
    phone: text().notNull(),
    purpose: text({ enum: smsPurposes }).notNull(),
    codeHash: text().notNull(),
    wrongAttempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_purpose_idx').on(t.phone, t.purpose)],
);
