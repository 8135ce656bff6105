import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
