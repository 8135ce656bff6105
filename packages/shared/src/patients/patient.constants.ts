// Medication users' limits, relations and certificate types, without zod (patient.contract.ts, which
// re-exports them, holds the schemas): the inquiry page's form shows the patients and loads no zod.

// ---- Limits ----
export const PATIENT_NAME_MIN_LENGTH = 2;
export const PATIENT_NAME_MAX_LENGTH = 10;
export const HEALTH_OTHER_MAX_LENGTH = 50;
/** A member keeps at most this many medication users (our choice: a family, with room to spare). */
export const PATIENT_LIMIT = 10;
/** A patient of this age or younger needs a guardian. */
export const GUARDIAN_REQUIRED_AGE = 6;
/** Under this age the member also confirms the guardian's consent (PIPL art. 31: minors under 14). */
export const GUARDIAN_CONSENT_AGE = 14;
/** Default birth date, this many years before today. */
export const DEFAULT_BIRTH_YEARS_AGO = 35;
/** The date selector's first year. */
export const FIRST_BIRTH_YEAR = 1900;

// ---- Relation to the member (the UI texts "Patients and inquiry") ----
export const RELATION_LABELS = ['self', 'parents', 'partner', 'child', 'relative', 'friend'] as const;
export type RelationLabel = (typeof RELATION_LABELS)[number];
export const RELATION_LABEL_TEXT = {
  self: '本人',
  parents: '父母',
  partner: '配偶',
  child: '子女',
  relative: '亲戚',
  friend: '朋友',
} as const satisfies Record<RelationLabel, string>;

// ---- Certificates: the ID card first; the others appear after a second ID-card error ----
export const CERTIFICATE_TYPES = {
  idCard: 1,
  passport: 2,
  hkMacauPermit: 3,
  taiwanPermit: 4,
  foreignerResidence: 5,
} as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[keyof typeof CERTIFICATE_TYPES];
