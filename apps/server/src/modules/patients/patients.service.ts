import { ageOn, maskIdCard, validateIdCard } from '@anxin/shared/common/id-card';
import { MSG } from '@anxin/shared/common/messages';
import { isMaskedPhone, maskPhone } from '@anxin/shared/common/phone';
import {
  birthDayToDate,
  CERTIFICATE_TYPES,
  dateToBirthDay,
  GUARDIAN_CONSENT_AGE,
  GUARDIAN_REQUIRED_AGE,
  type GuardianBody,
  type HealthInfo,
  healthInfoSchema,
  isMaskedCertificate,
  PATIENT_LIMIT,
  type ParsedPatientBody,
  type Patient,
  type PatientRegion,
  type RelationLabel,
} from '@anxin/shared/patients/patient.contract';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FieldCipher } from '../../platform/crypto.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { IdentityCheck } from '../../platform/identity/identity-check.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { lockMember } from '../account/account.module.ts';
import { createRegionService } from '../regions/regions.module.ts';
import { PRIVATE_UPLOAD_MODULE, privateUrlSigner, resolveOwnUpload, uploadNameOf } from '../uploads/uploads.module.ts';
import * as repo from './patients.repository.ts';
import { certificateHasher, maskCertificateNumber } from './patients.rules.ts';
import type { PatientRow } from './patients.schema.ts';

/** The error code of a failed guardian real-name check: the page then shows the guardian-certificate upload. */
export const GUARDIAN_REAL_NAME_FAILED_CODE = '000001';

/** The guardian as stored (encrypted JSON in `guardian_enc`): the image is the bare storage name. */
export type StoredGuardian = { name: string; phone: string; cardNum: string; certificateImage: string };

/** A patient with everything decrypted: only for the inquiry snapshot and other logged full reads. */
export type PatientInFull = {
  id: number;
  memberId: number;
  name: string;
  consigneePhone: string;
  certificateType: number;
  certificateNumber: string;
  sex: 0 | 1;
  birthDate: string;
  age: number;
  relationLabel: RelationLabel;
  healthInfo: HealthInfo;
  guardian: StoredGuardian | null;
  guardianConsentAt: Date | null;
  isValidateName: boolean;
  validatedAt: Date | null;
  isDefault: boolean;
};

/** Who reads a patient in full (`patient_data_reads.actor`): 'member', 'identity-check', 'pharmacist:<name>', 'ops'. */
export type PatientReadActor = string;

export type PatientServiceDeps = {
  db: Database;
  clock: Clock;
  cipher: FieldCipher;
  secrets: Secrets;
  identity: IdentityCheck;
  /** The public prefix of uploaded files (config.AVATAR_HOST): a URL of that form is read as its storage name. */
  uploadsHost: string;
};

export function createPatientService(deps: PatientServiceDeps) {
  const { db, clock, cipher, identity, uploadsHost } = deps;
  const hashCertificate = certificateHasher(deps.secrets.fieldKey);

  const signer = privateUrlSigner(deps.secrets.fieldKey);
  const regions = createRegionService(db);

  /** The guardian photo as the reply shows it: a freshly signed URL (10 minutes) of the member's private upload. */
  const imageUrl = (name: string, memberId: number) =>
    /^[a-z][a-z0-9+.-]*:/i.test(name) || name.startsWith('/') ? name : signer.sign(name, memberId, clock.now());

  const decryptGuardian = (row: PatientRow): StoredGuardian | null =>
    row.guardianEnc ? (JSON.parse(cipher.decrypt(row.guardianEnc)) as StoredGuardian) : null;
  const decryptHealthInfo = (row: PatientRow): HealthInfo =>
    healthInfoSchema.parse(JSON.parse(cipher.decrypt(row.healthInfoEnc)));

  /** The stored region as replies show it; null when none was chosen. */
  function regionOf(row: PatientRow): PatientRegion | null {
    if (row.provinceCode === null || row.provinceName === null) return null;
    return {
      provinceCode: row.provinceCode,
      provinceName: row.provinceName,
      cityCode: row.cityCode,
      cityName: row.cityName,
      regionCode: row.regionCode,
      regionName: row.regionName,
      streetCode: row.streetCode,
      streetName: row.streetName,
    };
  }

  /**
   * The reply shape: phone, certificate number and the guardian's phone and ID masked. The guardian is
   * decrypted only to be masked here (not a full read, not logged). The health info is answered decrypted: it
   * is the member's own data, shown in their form, and masking it would make it useless; this read is not
   * logged either (the access log is for reads beyond the member's own view).
   */
  function toPatientReply(row: PatientRow): Patient {
    const guardian = decryptGuardian(row);
    const isIdCard = row.certificateType === CERTIFICATE_TYPES.idCard;
    return {
      id: row.id,
      name: row.name,
      consigneePhone: maskPhone(row.consigneePhone),
      certificateType: row.certificateType,
      idCardNumber: isIdCard ? row.certificateNumberMasked : null,
      cardNumber: isIdCard ? null : row.certificateNumberMasked,
      sex: row.sex,
      age: ageOn(row.birthDate, clock.now()),
      birthDay: dateToBirthDay(row.birthDate),
      relationLabel: row.relationLabel as RelationLabel,
      healthInfo: decryptHealthInfo(row),
      guardianVo: guardian
        ? {
            name: guardian.name,
            phone: maskPhone(guardian.phone),
            cardNum: maskIdCard(guardian.cardNum),
            certificateImage: imageUrl(guardian.certificateImage, row.memberId),
          }
        : null,
      region: regionOf(row),
      isValidateName: row.isValidateName,
      isDefault: row.isDefault,
      // No patient is made by the system here (the product names the state, not its origin): always false.
      isSystemDefault: false,
    };
  }

  /** Writes the access-log row of a full read of the sensitive fields. */
  async function logRead(
    executor: Executor,
    row: Pick<PatientRow, 'id' | 'memberId'>,
    actor: PatientReadActor,
    purpose: string,
    fields: string[],
  ) {
    await repo.insertPatientDataRead(executor, {
      patientId: row.id,
      memberId: row.memberId,
      actor,
      purpose,
      fields: fields.join(','),
      readAt: clock.now(),
    });
  }

  async function requirePatient(executor: Executor, memberId: number, id: number) {
    const row = await repo.findMemberPatient(executor, memberId, id);
    if (!row) throw notFound();
    return row;
  }

  function toPatientInFull(row: PatientRow): PatientInFull {
    return {
      id: row.id,
      memberId: row.memberId,
      name: row.name,
      consigneePhone: row.consigneePhone,
      certificateType: row.certificateType,
      certificateNumber: cipher.decrypt(row.certificateNumberEnc),
      sex: row.sex as 0 | 1,
      birthDate: row.birthDate,
      age: ageOn(row.birthDate, clock.now()),
      relationLabel: row.relationLabel as RelationLabel,
      healthInfo: decryptHealthInfo(row),
      guardian: decryptGuardian(row),
      guardianConsentAt: row.guardianConsentAt,
      isValidateName: row.isValidateName,
      validatedAt: row.validatedAt,
      isDefault: row.isDefault,
    };
  }

  /**
   * Reads a patient with everything decrypted and writes the access-log row, in the caller's transaction (the
   * inquiry module snapshots the patient into its own record this way). Another member's patient: 404.
   */
  async function readPatientInFull(
    tx: Executor,
    memberId: number,
    patientId: number,
    actor: PatientReadActor,
    purpose: string,
  ): Promise<PatientInFull> {
    const row = await requirePatient(tx, memberId, patientId);
    await logRead(tx, row, actor, purpose, [
      'certificateNumber',
      'healthInfo',
      ...(row.guardianEnc ? ['guardian'] : []),
    ]);
    return toPatientInFull(row);
  }

  /** The stored full number behind a masked one, for the identity check (a logged read). */
  async function readStoredCertificate(stored: PatientRow, purpose: string) {
    await logRead(db, stored, 'identity-check', purpose, ['certificateNumber']);
    return cipher.decrypt(stored.certificateNumberEnc);
  }

  /** The stored guardian, decrypted to keep its masked values or re-check it (a logged read). */
  async function readStoredGuardian(stored: PatientRow, purpose: string) {
    if (!stored.guardianEnc) return null;
    await logRead(db, stored, 'member', purpose, ['guardian']);
    return decryptGuardian(stored);
  }

  /**
   * The phone to store: a new one as it is; the masked form (what the reply showed) only on edit and only when
   * it masks the stored number, which it then keeps.
   */
  function resolvePhone(sent: string, stored: string | undefined, field: string): string {
    if (!isMaskedPhone(sent)) return sent;
    if (stored !== undefined && maskPhone(stored) === sent) return stored;
    throw badRequest(MSG.phoneMalformed, field);
  }

  /**
   * The guardian to store, checked: masked values match the stored ones, the image is the member's own private
   * upload (sent as its signed URL, its public URL form or its name) unless it is the stored one.
   */
  async function resolveGuardian(memberId: number, sent: GuardianBody, stored: PatientRow | undefined) {
    const isMaskedSent = isMaskedPhone(sent.phone) || isMaskedCertificate(sent.cardNum);
    const previous =
      stored && isMaskedSent ? await readStoredGuardian(stored, 'edit: keep masked guardian values') : null;
    const phone = resolvePhone(sent.phone, previous?.phone, 'guardianVo.phone');
    let cardNum = sent.cardNum;
    if (isMaskedCertificate(cardNum)) {
      if (!previous || maskIdCard(previous.cardNum) !== cardNum) {
        throw badRequest(MSG.maskedCertificateMismatch, 'guardianVo.cardNum');
      }
      cardNum = previous.cardNum;
    }
    const storedImage = previous?.certificateImage;
    let certificateImage = uploadNameOf(sent.certificateImage, uploadsHost) ?? '';
    if (storedImage === undefined || certificateImage !== storedImage) {
      const own = await resolveOwnUpload(db, memberId, sent.certificateImage, {
        module: PRIVATE_UPLOAD_MODULE,
        filesPrefix: uploadsHost,
      });
      if (!own) throw badRequest(MSG.guardianImageInvalid, 'guardianVo.certificateImage');
      certificateImage = own;
    }
    const guardian: StoredGuardian = { name: sent.name, phone, cardNum, certificateImage };
    // The check runs again unless this very name and number were checked before (kept from the stored guardian).
    const isUnchanged = previous !== null && previous.name === guardian.name && previous.cardNum === guardian.cardNum;
    return { guardian, isUnchanged };
  }

  /** Everything to store for a body (rules that need the stored patient, the clock or the identity check). */
  async function patientFields(memberId: number, body: ParsedPatientBody, stored: PatientRow | undefined) {
    const now = clock.now();
    const isIdCard = body.certificateType === CERTIFICATE_TYPES.idCard;
    const numberField = isIdCard ? 'idCardNumber' : 'cardNumber';
    const sentNumber = (isIdCard ? body.idCardNumber : body.cardNumber) as string;

    // A masked number means "unchanged": it must be the stored patient's, of the same type.
    const isNumberMasked = isMaskedCertificate(sentNumber);
    if (
      isNumberMasked &&
      (!stored || stored.certificateType !== body.certificateType || stored.certificateNumberMasked !== sentNumber)
    ) {
      throw badRequest(MSG.maskedCertificateMismatch, numberField);
    }
    const numberHash = isNumberMasked ? (stored as PatientRow).certificateNumberHash : hashCertificate(sentNumber);
    const isNumberChanged =
      !stored || stored.certificateType !== body.certificateType || stored.certificateNumberHash !== numberHash;
    const isNameChanged = !stored || stored.name !== body.name;

    if (stored?.isValidateName && (isNumberChanged || isNameChanged)) {
      throw badRequest(MSG.patientVerifiedLocked, isNameChanged ? 'name' : numberField);
    }
    const consigneePhone = resolvePhone(body.consigneePhone, stored?.consigneePhone, 'consigneePhone');
    // None sent clears the stored one (the form always sends what it shows); names come from the tree.
    const region = await regions.resolvePath(body.region ?? {}, { fieldOf: (key) => `region.${key}` });

    // Sex and birth date: from the ID card (and what the body sends must agree), else as entered.
    let sex: 0 | 1;
    let birthDate: string;
    if (isIdCard) {
      if (isNumberChanged) {
        const card = validateIdCard(sentNumber);
        if (!card.ok) throw badRequest(card.message, numberField);
        sex = card.sex;
        birthDate = card.birthday;
      } else {
        sex = (stored as PatientRow).sex as 0 | 1;
        birthDate = (stored as PatientRow).birthDate;
      }
      const isSexWrong = body.sex !== undefined && body.sex !== sex;
      const isBirthWrong = body.birthDay !== undefined && birthDayToDate(body.birthDay) !== birthDate;
      if (isSexWrong || isBirthWrong) throw badRequest(MSG.identityMismatch, isSexWrong ? 'sex' : 'birthDay');
    } else {
      const sentSex = body.sex ?? (stored?.sex as 0 | 1 | undefined);
      const sentBirth = body.birthDay === undefined ? stored?.birthDate : birthDayToDate(body.birthDay);
      if (sentSex === undefined) throw badRequest(MSG.sexRequired, 'sex');
      if (sentBirth === undefined) throw badRequest(MSG.patientBirthDayEmpty, 'birthDay');
      sex = sentSex;
      birthDate = sentBirth;
    }
    const age = ageOn(birthDate, now);
    if (age < 0 || birthDate < '1900-01-01') throw badRequest(MSG.patientBirthDayInvalid, 'birthDay');

    // A child: a guardian (6 or under) and the guardian's consent (under 14, PIPL art. 31).
    const needsGuardian = age <= GUARDIAN_REQUIRED_AGE;
    const needsConsent = age < GUARDIAN_CONSENT_AGE;
    if (needsGuardian && !body.guardianVo) throw badRequest(MSG.guardianRequired, 'guardianVo');
    if (needsConsent && body.guardianConsent !== true) {
      throw badRequest(MSG.guardianConsentRequired, 'guardianConsent');
    }
    // Kept only where the rule asks for it (data minimisation): a guardian sent for an older patient is dropped.
    const resolvedGuardian =
      needsGuardian && body.guardianVo ? await resolveGuardian(memberId, body.guardianVo, stored) : null;

    // Cheap refusals before the identity check is spent: the same person twice.
    if (isNumberChanged && (await repo.findMemberPatientByCertificate(db, memberId, numberHash, stored?.id))) {
      throw conflict(MSG.patientDuplicate);
    }

    // The real-name check of the patient (ID cards only; the sandbox cannot check other certificates).
    let isValidateName = false;
    let validatedAt: Date | null = null;
    if (isIdCard) {
      if (stored?.isValidateName && !isNumberChanged && !isNameChanged) {
        isValidateName = true;
        validatedAt = stored.validatedAt;
      } else {
        const idCardNumber = isNumberMasked
          ? await readStoredCertificate(stored as PatientRow, 'real-name check on edit')
          : sentNumber;
        const result = await identity.verify({ name: body.name, idCardNumber });
        if (!result.ok) throw badRequest(MSG.patientRealNameFailed, 'name');
        isValidateName = true;
        validatedAt = now;
      }
    }
    if (resolvedGuardian && !resolvedGuardian.isUnchanged) {
      const { guardian } = resolvedGuardian;
      const result = await identity.verify({ name: guardian.name, idCardNumber: guardian.cardNum });
      if (!result.ok) {
        throw new AppError(400, GUARDIAN_REAL_NAME_FAILED_CODE, MSG.guardianRealNameFailed, [
          { field: 'guardianVo.cardNum', message: MSG.guardianRealNameFailed },
        ]);
      }
    }

    const certificate = isNumberMasked
      ? {}
      : {
          certificateNumberEnc: cipher.encrypt(sentNumber),
          certificateNumberHash: numberHash,
          certificateNumberMasked: maskCertificateNumber(sentNumber),
        };
    return {
      name: body.name,
      consigneePhone,
      certificateType: body.certificateType,
      ...certificate,
      sex,
      birthDate,
      relationLabel: body.relationLabel,
      ...region,
      healthInfoEnc: cipher.encrypt(JSON.stringify(body.healthInfo)),
      guardianEnc: resolvedGuardian ? cipher.encrypt(JSON.stringify(resolvedGuardian.guardian)) : null,
      guardianConsentAt: needsConsent ? (stored?.guardianConsentAt ?? now) : null,
      isValidateName,
      validatedAt,
      numberHash,
      isNumberChanged,
    };
  }

  return {
    toPatientReply,
    readPatientInFull,

    async list(memberId: number) {
      return (await repo.listMemberPatients(db, memberId)).map(toPatientReply);
    },

    async get(memberId: number, id: number) {
      return toPatientReply(await requirePatient(db, memberId, id));
    },

    async getDefault(memberId: number) {
      const row = await repo.findMemberDefaultPatient(db, memberId);
      if (!row) throw notFound();
      return toPatientReply(row);
    },

    /**
     * Adds a patient: at most PATIENT_LIMIT, not the same certificate twice, the first one is the default. The
     * member row lock serialises a member's patient writes, so parallel additions cannot pass the limit.
     */
    async create(memberId: number, body: ParsedPatientBody) {
      if ((await repo.countMemberPatients(db, memberId)) >= PATIENT_LIMIT) throw badRequest(MSG.patientLimit);
      const { numberHash, isNumberChanged: _, ...fields } = await patientFields(memberId, body, undefined);
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const existing = await repo.countMemberPatients(tx, memberId);
        if (existing >= PATIENT_LIMIT) throw badRequest(MSG.patientLimit);
        if (await repo.findMemberPatientByCertificate(tx, memberId, numberHash)) throw conflict(MSG.patientDuplicate);
        const now = clock.now();
        const isDefault = await repo.patientDefault.isNewRowDefault(tx, memberId, existing, body.isDefault, now);
        const row = await repo.insertPatient(tx, {
          memberId,
          ...(fields as Required<typeof fields>),
          isDefault,
          createdAt: now,
          updatedAt: now,
        });
        return toPatientReply(row);
      });
    },

    /** Edits a patient (POST with `id`). `isDefault: true` makes it the default; `false` changes nothing. */
    async update(memberId: number, id: number, body: ParsedPatientBody) {
      const stored = await requirePatient(db, memberId, id);
      const { numberHash, isNumberChanged, ...fields } = await patientFields(memberId, body, stored);
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const current = await requirePatient(tx, memberId, id);
        if (current.updatedAt.getTime() !== stored.updatedAt.getTime()) {
          // Edited in between (another tab): the checks above were made against an older row.
          throw conflict(MSG.patientSaveFailed);
        }
        if (isNumberChanged && (await repo.findMemberPatientByCertificate(tx, memberId, numberHash, id))) {
          throw conflict(MSG.patientDuplicate);
        }
        const now = clock.now();
        const takesMark = await repo.patientDefault.takesMark(tx, memberId, current, body.isDefault, now);
        const row = await repo.updateMemberPatient(tx, memberId, id, {
          ...fields,
          ...(takesMark ? { isDefault: true } : {}),
          updatedAt: now,
        });
        return toPatientReply(row);
      });
    },

    /** Deletes a patient; deleting the default makes the newest remaining one the default (one transaction). */
    async remove(memberId: number, id: number) {
      await db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const deleted = await repo.deleteMemberPatient(tx, memberId, id);
        if (!deleted) throw notFound();
        await repo.patientDefault.afterDelete(tx, memberId, deleted, clock.now());
      });
    },

    /** Makes a patient the default; the others lose the mark in the same transaction. */
    async setDefault(memberId: number, id: number) {
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const current = await requirePatient(tx, memberId, id);
        const now = clock.now();
        if (!(await repo.patientDefault.takesMark(tx, memberId, current, true, now))) return toPatientReply(current);
        const row = await repo.updateMemberPatient(tx, memberId, id, { isDefault: true, updatedAt: now });
        return toPatientReply(row);
      });
    },

    /**
     * For the inquiry module: the member's patient with everything decrypted, the read written to the access
     * log (purpose 'inquiry snapshot'). Another member's or a missing patient: 404.
     */
    async getPatientForInquiry(memberId: number, patientId: number): Promise<PatientInFull> {
      return db.transaction((tx) => readPatientInFull(tx, memberId, patientId, 'member', 'inquiry snapshot'));
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;

/** The service from the app's services (the inquiry module builds it this way). */
export function patientServiceOf(services: {
  db: Database;
  clock: Clock;
  cipher: FieldCipher;
  secrets: Secrets;
  identity: IdentityCheck;
  config: { AVATAR_HOST: string };
}) {
  return createPatientService({ ...services, uploadsHost: services.config.AVATAR_HOST });
}
