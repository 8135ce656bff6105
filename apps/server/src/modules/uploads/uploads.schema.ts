import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * Files members uploaded, by their storage name (random, never reused). The bytes live in the storage
 * adapter; this row says whose they are, so a member can only make their own upload their avatar.
 */
export const uploads = pgTable(
  'uploads',
  {
    name: text().primaryKey(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    module: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('uploads_member_idx').on(t.memberId, t.createdAt)],
);

export type UploadRow = typeof uploads.$inferSelect;
