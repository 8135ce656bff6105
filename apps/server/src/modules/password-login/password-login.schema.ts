import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time RSA keys of the password login (docs/API-CONVENTIONS.md): the private key, encrypted with the field
 * cipher, lives 5 minutes and is deleted by its first use, so a replayed request finds nothing.
 */
export const loginKeys = pgTable(
  'login_keys',
  {
    id: text().primaryKey(),
    privateKeyEnc: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('login_keys_expires_idx').on(t.expiresAt)],
);
