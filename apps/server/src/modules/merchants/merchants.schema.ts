import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * Open-store applications (/merchants/entry): a pharmacy company that wants to sell on the mall. The licence
 * images are the applicant's own private uploads (storage names). `status` 0 pending, 1 approved, 2 rejected
 * (with its reason); one pending application per member (a partial unique index), a rejected one may be
 * followed by a new one.
 */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    creditCode: text().notNull(),
    drugLicenceNo: text().notNull(),
    contactName: text().notNull(),
    contactPhone: text().notNull(),
    businessLicenceImage: text().notNull(),
    drugLicenceImage: text().notNull(),
    status: smallint().notNull().default(0),
    rejectReason: text(),
    reviewer: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('merchant_applications_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('merchant_applications_one_pending_key').on(t.memberId).where(sql`${t.status} = 0`),
    check('merchant_applications_status_check', sql`${t.status} in (0, 1, 2)`),
    check('merchant_applications_reason_check', sql`(${t.status} = 2) = (${t.rejectReason} is not null)`),
  ],
);
export type MerchantApplicationRow = typeof merchantApplications.$inferSelect;
