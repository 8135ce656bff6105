// The medication-user form's pure rules: the route and its
// query, the form values ↔ the API body, the identity (sex, birth date, age) from the ID card or as entered,
// and the counting of ID-card errors that opens the other certificate types.
import { ageOn, validateIdCard } from '@anxin/shared/common/id-card';
import { MSG } from '@anxin/shared/common/messages';
import {
  birthDayToDate,
  CERTIFICATE_TYPES,
  type CertificateType,
  dateToBirthDay,
  EMPTY_HEALTH_INFO,
  type GuardianBody,
  guardianNeeds,
  type HealthInfo,
  isCertificateNumberValid,
  isMaskedCertificate,
  normalizePatientName,
  type Patient,
  type PatientBody,
  type PatientRegion,
  type PatientRegionBody,
  type RelationLabel,
} from '@anxin/shared/patients/patient.contract';
import { resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { normaliseHealthInfo } from './health-info.ts';

export const PATIENT_LIST_PATH = '/user/patientInfo';

// ---- The route: /user/patientInfo/{mode}/{id?}?type&useKey&from ----

export const PATIENT_FORM_MODES = ['add', 'edit', 'complete'] as const;
export type PatientFormMode = (typeof PATIENT_FORM_MODES)[number];

export type PatientFormRoute = {
  mode: PatientFormMode;
  /** The patient edited or completed; none when adding. */
  id?: number;
  /** Where to go after saving: `from` when it is a same-site path, else the list. */
  backUrl: string;
  /** Passed through for the flows that open the form (inquiry, guest link). */
  type?: string;
  /** Complete mode: the key of the operator's SMS link (the page then completes that order's inquiry). */
  useKey?: string;
};

/** The route's params and query, or null when they name no form (unknown mode, edit without a valid id). */
export function parsePatientFormRoute(
  params: { mode?: string; id?: string },
  search: URLSearchParams,
): PatientFormRoute | null {
  const mode = PATIENT_FORM_MODES.find((item) => item === params.mode);
  if (!mode) return null;
  let id: number | undefined;
  if (params.id !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(params.id)) return null;
    id = Number(params.id);
  }
  const useKey = search.get('useKey') || undefined;
  // Complete mode opened from the SMS link (/user/patientInfo/complete?useKey=…) needs no id: the key names the order.
  if (mode !== 'add' && id === undefined && !(mode === 'complete' && useKey)) return null;
  if (mode === 'add') id = undefined;
  return {
    mode,
    id,
    backUrl: resolveBackUrl(search.get('from') ?? undefined, PATIENT_LIST_PATH),
    type: search.get('type') ?? undefined,
    useKey,
  };
}

/**
 * Where to go after adding a patient: back, with `patientId` in the query, so the page that sent the shopper
 * here (the inquiry) chooses the new patient.
 */
export function backUrlWithPatient(backUrl: string, patientId: number): string {
  const url = new URL(backUrl, 'http://site.invalid');
  url.searchParams.set('patientId', String(patientId));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after deleting a patient: back, no longer choosing it when the page was told to. */
export function backUrlWithoutPatient(backUrl: string, patientId: number): string {
  const url = new URL(backUrl, 'http://site.invalid');
  if (url.searchParams.get('patientId') === String(patientId)) url.searchParams.delete('patientId');
  return `${url.pathname}${url.search}${url.hash}`;
}

// ---- Form values ----

export type GuardianValues = { name: string; phone: string; cardNum: string; certificateImage: string };

export type PatientFormValues = {
  name: string;
  consigneePhone: string;
  relationLabel?: RelationLabel;
  certificateType: CertificateType;
  /** The ID card number or the other certificate's, whichever `certificateType` says; masked on edit until retyped. */
  certificateNumber: string;
  /** Only asked for another certificate type (an ID card gives them). 0 male, 1 female. */
  sex?: 0 | 1;
  /** 'YYYY-MM-DD', only asked for another certificate type. */
  birthDate?: string;
  healthInfo: HealthInfo;
  /** 所在地区: the region cascader's codes from the province down; empty for none. */
  region: string[];
  guardianVo: GuardianValues;
  guardianConsent?: boolean;
};

const EMPTY_GUARDIAN: GuardianValues = { name: '', phone: '', cardNum: '', certificateImage: '' };

export function toCertificateType(value: number): CertificateType {
  return (Object.values(CERTIFICATE_TYPES) as number[]).includes(value)
    ? (value as CertificateType)
    : CERTIFICATE_TYPES.idCard;
}

/** The form's starting values: empty with an ID card to add, the patient as the reply shows it to edit. */
export function toFormValues(patient?: Patient): PatientFormValues {
  if (!patient) {
    return {
      name: '',
      consigneePhone: '',
      relationLabel: undefined,
      certificateType: CERTIFICATE_TYPES.idCard,
      certificateNumber: '',
      healthInfo: EMPTY_HEALTH_INFO,
      region: [],
      guardianVo: EMPTY_GUARDIAN,
      guardianConsent: false,
    };
  }
  const certificateType = toCertificateType(patient.certificateType);
  const isIdCard = certificateType === CERTIFICATE_TYPES.idCard;
  return {
    name: patient.name,
    consigneePhone: patient.consigneePhone,
    relationLabel: patient.relationLabel,
    certificateType,
    certificateNumber: (isIdCard ? patient.idCardNumber : patient.cardNumber) ?? '',
    sex: isIdCard ? undefined : patient.sex === 1 ? 1 : 0,
    birthDate: isIdCard ? undefined : birthDayToDate(patient.birthDay),
    healthInfo: patient.healthInfo,
    region: regionCodesOf(patient.region),
    guardianVo: patient.guardianVo ? { ...patient.guardianVo } : EMPTY_GUARDIAN,
    // Under 14 the consent is asked on every save (docs/PATIENTS.md), so the box starts unticked.
    guardianConsent: false,
  };
}

// ---- The region: the cascader's codes ↔ the levels of the API ----

/** The stored region as the cascader's value: its codes from the province down. */
export function regionCodesOf(region: PatientRegion | null | undefined): string[] {
  if (!region) return [];
  return [region.provinceCode, region.cityCode, region.regionCode, region.streetCode].filter((code): code is string =>
    Boolean(code),
  );
}

/** The cascader's codes as the body's region; none chosen is null (saves the patient without one). */
export function toRegionBody(codes: string[] | undefined): PatientRegionBody | null {
  const [provinceCode, cityCode, regionCode, streetCode] = codes ?? [];
  if (!provinceCode) return null;
  return { provinceCode, cityCode, regionCode, streetCode };
}

// ---- Identity: sex, birth date and age ----

export type PatientIdentity = {
  sex?: 0 | 1;
  birthDate?: string;
  age?: number;
  /** idCard: read from the number typed; stored: the masked number of the saved patient; entered: typed in. */
  source: 'idCard' | 'stored' | 'entered';
};

type IdentityInput = Pick<PatientFormValues, 'certificateType' | 'certificateNumber' | 'sex' | 'birthDate'>;

/** The sex and birth date the patient will be saved with, and the age on `today`. */
export function identityOf(values: IdentityInput, patient: Patient | undefined, today: Date): PatientIdentity {
  const number = (values.certificateNumber ?? '').trim().toUpperCase();
  const withAge = (identity: PatientIdentity): PatientIdentity =>
    identity.birthDate ? { ...identity, age: ageOn(identity.birthDate, today) } : identity;
  if (values.certificateType === CERTIFICATE_TYPES.idCard) {
    if (patient && number && isUnchangedMasked(number, patient, values.certificateType)) {
      return withAge({ sex: patient.sex === 1 ? 1 : 0, birthDate: birthDayToDate(patient.birthDay), source: 'stored' });
    }
    const result = validateIdCard(number);
    return result.ok
      ? withAge({ sex: result.sex, birthDate: result.birthday, source: 'idCard' })
      : { source: 'idCard' };
  }
  return withAge({ sex: values.sex, birthDate: values.birthDate, source: 'entered' });
}

/** Guardian (≤ 6) and consent (< 14) for the identity; nothing while the age is unknown. */
export function guardianNeedsOf(identity: PatientIdentity, today: Date) {
  if (!identity.birthDate) return { isGuardianRequired: false, isConsentRequired: false };
  return guardianNeeds(identity.birthDate, today);
}

// ---- The certificate number ----

/** The saved patient's masked number, sent back as it was shown (the server compares it with the stored one). */
export function isUnchangedMasked(number: string, patient: Patient | undefined, type: CertificateType): boolean {
  if (!patient || !isMaskedCertificate(number)) return false;
  if (toCertificateType(patient.certificateType) !== type) return false;
  const shown = type === CERTIFICATE_TYPES.idCard ? patient.idCardNumber : patient.cardNumber;
  return shown === number;
}

/** The message for a certificate number, or undefined when it may be sent. */
export function certificateNumberProblem(
  type: CertificateType,
  value: string | undefined,
  patient?: Patient,
): string | undefined {
  const number = (value ?? '').trim().toUpperCase();
  const isIdCard = type === CERTIFICATE_TYPES.idCard;
  if (!number) return isIdCard ? MSG.idCardEmpty : MSG.certificateEmpty;
  if (isUnchangedMasked(number, patient, type)) return undefined;
  if (isIdCard) {
    const result = validateIdCard(number);
    return result.ok ? undefined : result.message;
  }
  return isCertificateNumberValid(type, number) ? undefined : MSG.certificateMalformed;
}

/** A message that names the ID card counts as an ID-card error. */
export function isIdCardErrorText(text: string | undefined): boolean {
  return Boolean(text?.includes('身份证'));
}

// ---- Form values → the API body ----

/** Trims the guardian's fields and upper-cases the ID number. */
function toGuardianBody(guardian: GuardianValues): GuardianBody {
  return {
    name: normalizePatientName(guardian.name ?? ''),
    phone: (guardian.phone ?? '').trim(),
    cardNum: (guardian.cardNum ?? '').trim().toUpperCase(),
    certificateImage: guardian.certificateImage ?? '',
  };
}

/**
 * The body of `POST /patients`. Sex and birth date go only with another certificate type (an ID card gives
 * them, the server derives them); the guardian only when the age needs one, the consent only under 14.
 */
export function toPatientBody(values: PatientFormValues, patient: Patient | undefined, today: Date): PatientBody {
  const isIdCard = values.certificateType === CERTIFICATE_TYPES.idCard;
  const number = (values.certificateNumber ?? '').trim().toUpperCase();
  const identity = identityOf(values, patient, today);
  const needs = guardianNeedsOf(identity, today);
  const body: PatientBody = {
    ...(patient ? { id: patient.id } : {}),
    name: normalizePatientName(values.name ?? ''),
    consigneePhone: (values.consigneePhone ?? '').trim(),
    certificateType: values.certificateType,
    ...(isIdCard ? { idCardNumber: number } : { cardNumber: number }),
    relationLabel: values.relationLabel as RelationLabel,
    healthInfo: normaliseHealthInfo(values.healthInfo ?? EMPTY_HEALTH_INFO),
    region: toRegionBody(values.region),
    guardianVo: needs.isGuardianRequired ? toGuardianBody(values.guardianVo ?? EMPTY_GUARDIAN) : null,
  };
  if (!isIdCard) {
    body.sex = values.sex;
    body.birthDay = values.birthDate ? dateToBirthDay(values.birthDate) : undefined;
  }
  if (needs.isConsentRequired) body.guardianConsent = Boolean(values.guardianConsent);
  return body;
}

// ---- Server field errors → form fields ----

/**
 * `idCardNumber` and `cardNumber` are one field here; `guardianVo.name` is the nested `['guardianVo','name']`;
 * the region's levels are one cascader.
 */
export function formFieldOf(serverField: string): (string | number)[] | undefined {
  const [head, ...rest] = serverField.split('.');
  if (head === 'idCardNumber' || head === 'cardNumber') return ['certificateNumber'];
  if (head === 'birthDay') return ['birthDate'];
  if (head === 'guardianVo' && rest.length > 0) return ['guardianVo', rest[0]];
  if (['name', 'consigneePhone', 'relationLabel', 'certificateType', 'sex', 'guardianConsent'].includes(head)) {
    return [head];
  }
  if (head === 'healthInfo') return ['healthInfo'];
  if (head === 'region') return ['region'];
  return undefined;
}
