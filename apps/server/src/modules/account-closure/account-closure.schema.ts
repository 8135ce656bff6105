import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/** Each deletion request: where it came from, and how it ended (withdrawn or finished). */
export const accountClosureRequests = pgTable(
  'account_closure_requests',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** The close-origin header (PC_MALL from this site). */
    origin: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    withdrawnAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('account_closure_requests_member_idx').on(t.memberId, t.requestedAt)],
);
