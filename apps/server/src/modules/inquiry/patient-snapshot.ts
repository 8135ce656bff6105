import { ageOn, maskIdCard } from '@anxin/shared/common/id-card';
import { maskPhone } from '@anxin/shared/common/phone';
import { CERTIFICATE_TYPES, dateToBirthDay, type Patient } from '@anxin/shared/patients/patient.contract';
import type { PatientInFull } from '../patients/patients.module.ts';

/**
 * A patient as it was when an inquiry was submitted (the patients module's full read, JSON-encoded and
 * encrypted in the inquiry): the prescription shows who it was for even after the patient changes.
 */
export type PatientSnapshot = Omit<PatientInFull, 'guardianConsentAt' | 'validatedAt'>;

/** The snapshot as a masked patient reply (the inquiry page shows who the inquiry was for). */
export function toPatientVo(snapshot: PatientSnapshot, now: Date): Patient {
  const isIdCard = snapshot.certificateType === CERTIFICATE_TYPES.idCard;
  const masked = maskIdCard(snapshot.certificateNumber);
  return {
    id: snapshot.id,
    name: snapshot.name,
    consigneePhone: maskPhone(snapshot.consigneePhone),
    certificateType: snapshot.certificateType,
    idCardNumber: isIdCard ? masked : null,
    cardNumber: isIdCard ? null : masked,
    sex: snapshot.sex,
    age: ageOn(snapshot.birthDate, now),
    birthDay: dateToBirthDay(snapshot.birthDate),
    relationLabel: snapshot.relationLabel,
    healthInfo: snapshot.healthInfo,
    guardianVo: snapshot.guardian
      ? {
          name: snapshot.guardian.name,
          phone: maskPhone(snapshot.guardian.phone),
          cardNum: maskIdCard(snapshot.guardian.cardNum),
          certificateImage: snapshot.guardian.certificateImage,
        }
      : null,
    isValidateName: snapshot.isValidateName,
    isDefault: false,
    isSystemDefault: false,
  };
}
