import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * 药师回电 (the mall configuration's `callbackAvailable`): a member asks the pharmacy to call `phone` (their
 * account's phone when asked) back, about `ordersCode` when given. Open while `calledAt` is null; the operator's
 * `callbacks done` sets it. One open request per member is kept by the request under the member's row lock, not
 * by a unique index, so an account merge can move the rows as they are.
 */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    /** The order the call is about (a reference by code, no foreign key: the order may be split or deleted). */
    ordersCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    calledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('callback_requests_member_idx').on(t.memberId),
    index('callback_requests_open_idx').on(t.createdAt).where(sql`${t.calledAt} is null`),
  ],
);
export type CallbackRequestRow = typeof callbackRequests.$inferSelect;
