import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/** Image codes (PNG pictures): the answer is stored hashed, lives 2 minutes and is used once. */
export const imageCaptchas = pgTable(
  'image_captchas',
  {
    id: text().primaryKey(),
    answerHash: text().notNull(),
    wrongAttempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('image_captchas_expires_idx').on(t.expiresAt)],
);
