import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema.ts';

/** Per product of the order, the diagnoses chosen for it. */
export type InquiryDiagnoses = {
  productCode: string;
  diseases: { icdCode: string | null; icdName: string; isCustom: boolean }[];
}[];
export type InquiryAnswer = { question: string; answer: string };

/**
 * The prescription inquiry of an order and the pharmacist's review of it (beyond the
 * spec: docs/PRESCRIPTIONS.md). One per order; a resubmission before the review replaces it. The patient is
 * copied as it was (encrypted): the prescription must show who it was for even if the patient is edited or
 * deleted later. Kept for the law when the account closes.
 */
export const orderInquiries = pgTable(
  'order_inquiries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    memberId: bigint({ mode: 'number' }).notNull(),
    /** The patient chosen (no foreign key: the patient may be deleted; the snapshot stays). */
    patientId: bigint({ mode: 'number' }),
    /** Shown in the pharmacist's queue and on the prescription. */
    patientName: text().notNull(),
    /** JSON of the patient as submitted (certificate, guardian, health info included), encrypted. */
    patientSnapshotEnc: text().notNull(),
    diagnoses: jsonb().$type<InquiryDiagnoses>().notNull(),
    answers: jsonb().$type<InquiryAnswer[]>().notNull(),
    /** JSON array of upload names of prescription images, encrypted; '[]' encrypted when none. */
    prescriptionImagesEnc: text().notNull(),
    consentVersion: text().notNull(),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    /** 'reviewing' → 'passed' or 'rejected'. */
    status: text().notNull(),
    pharmacistName: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('order_inquiries_order_key').on(t.orderId),
    index('order_inquiries_queue_idx').on(t.status, t.submittedAt),
    check('order_inquiries_status_known', sql`${t.status} in ('reviewing', 'passed', 'rejected')`),
  ],
);

/**
 * A link that lets the shopper complete an order's inquiry (complete mode, 72 hours) or a chronic order's
 * patient information (24 hours or until completed), made by an operator and sent by SMS. Only the token's
 * hash is stored.
 */
export const inquiryLinks = pgTable(
  'inquiry_links',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** 'complete' (72 h) or 'chronic' (24 h, or until completed). */
    kind: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('inquiry_links_token_key').on(t.tokenHash),
    check('inquiry_links_kind_known', sql`${t.kind} in ('complete', 'chronic')`),
  ],
);

export type OrderInquiryRow = typeof orderInquiries.$inferSelect;
export type NewOrderInquiryRow = typeof orderInquiries.$inferInsert;
