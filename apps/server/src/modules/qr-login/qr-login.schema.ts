import { bigint, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * QR sign-ins: the browser that asked holds a secret (HttpOnly cookie) stored here hashed; a member on
 * a phone scans (status 1) and confirms (status 2); the asking browser then signs in once (usedAt).
 */
export const qrLogins = pgTable(
  'qr_logins',
  {
    uuid: text().primaryKey(),
    browserSecretHash: text().notNull(),
    status: smallint().notNull().default(0),
    requesterIp: text(),
    requesterUserAgent: text(),
    /** The member who scanned; only they can confirm, and the sign-in is theirs. */
    memberId: bigint({ mode: 'number' }).references(() => members.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    scannedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('qr_logins_expires_idx').on(t.expiresAt)],
);
