import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/account.schema.ts';

/**
 * A member's medication users (用药人). The certificate number, the guardian and the health
 * info are stored encrypted with the field key (FieldCipher, `…Enc` columns); the certificate number also as a
 * keyed hash, so the same person is found without decrypting. Replies mask them; each full read of them is
 * written to `patient_data_reads`.
 */
export const patients = pgTable(
  'patients',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint({ mode: 'number' })
      .notNull()
      .references(() => members.id),
    name: text().notNull(),
    consigneePhone: text().notNull(),
    /** 1 ID card, 2 passport, 3 HK/Macau permit, 4 Taiwan permit, 5 foreigner's permanent residence card. */
    certificateType: smallint().notNull(),
    certificateNumberEnc: text().notNull(),
    /** HMAC-SHA256 of the certificate number with the field key (a member cannot add the same person twice). */
    certificateNumberHash: text().notNull(),
    /** The masked number as replies show it (first 3, last 4). */
    certificateNumberMasked: text().notNull(),
    /** 0 male, 1 female (the form's coding). */
    sex: smallint().notNull(),
    birthDate: date({ mode: 'string' }).notNull(),
    relationLabel: text().notNull(),
    /** JSON of the health info, encrypted. */
    healthInfoEnc: text().notNull(),
    /** JSON of the guardian {name, phone, cardNum, certificateImage}, encrypted; null when none is needed. */
    guardianEnc: text(),
    /**
     * Where the patient lives (所在地区), optional: a path of the region tree from the province down as far as
     * chosen, each code with its name as the tree had it when saved (as the address book stores them).
     */
    provinceCode: text(),
    provinceName: text(),
    cityCode: text(),
    cityName: text(),
    regionCode: text(),
    regionName: text(),
    streetCode: text(),
    streetName: text(),
    /** The member confirmed the guardian's consent (patients under 14), and when. */
    guardianConsentAt: timestamp({ withTimezone: true }),
    /** The identity check passed for this name and certificate number. */
    isValidateName: boolean().notNull().default(false),
    validatedAt: timestamp({ withTimezone: true }),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('patients_member_idx').on(t.memberId, t.isDefault, t.id),
    check('patients_sex_known', sql`${t.sex} in (0, 1)`),
    check('patients_certificate_type_known', sql`${t.certificateType} between 1 and 5`),
    // A level only below the one above it: the region is a path from the province down.
    check(
      'patients_region_path',
      sql`(${t.cityCode} is null or ${t.provinceCode} is not null) and (${t.regionCode} is null or ${t.cityCode} is not null) and (${t.streetCode} is null or ${t.regionCode} is not null)`,
    ),
  ],
);

/**
 * Every read of a patient's sensitive data in full (the certificate number, guardian or health info
 * decrypted for a purpose other than a masked reply): who, whose, why, when. Kept for the law with the
 * prescriptions; nothing in it is sensitive itself.
 */
export const patientDataReads = pgTable(
  'patient_data_reads',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: bigint({ mode: 'number' }).notNull(),
    memberId: bigint({ mode: 'number' }).notNull(),
    /** 'member', 'identity-check', 'pharmacist:<name>', 'ops'. */
    actor: text().notNull(),
    /** Why it was read, e.g. 'real-name check', 'inquiry snapshot', 'prescription review'. */
    purpose: text().notNull(),
    /** Which fields were read, comma separated. */
    fields: text().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('patient_data_reads_patient_idx').on(t.patientId, t.readAt)],
);

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
