import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Agreement and rule texts shown by code (user service agreement, privacy policy, coin rules…). */
export const protocols = pgTable('protocols', {
  protocolCode: text().primaryKey(),
  title: text().notNull(),
  content: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
