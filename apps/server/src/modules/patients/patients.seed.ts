import { readFileSync } from 'node:fs';
import { computeIdCardCheckDigit } from '@anxin/shared/common/id-card';
import { CERTIFICATE_TYPES, EMPTY_HEALTH_INFO, type HealthInfo } from '@anxin/shared/patients/patient.contract';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { BlobCipher, FieldCipher } from '../../platform/crypto.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { PRIVATE_UPLOAD_MODULE, privateUploadCipher, uploads } from '../uploads/uploads.module.ts';
import { countMemberPatients, insertPatient } from './patients.repository.ts';
import { certificateHasher, maskCertificateNumber } from './patients.rules.ts';
import type { StoredGuardian } from './patients.service.ts';

/** The guardian's ID-card photo of the demo child (the demo avatar's picture: no real document). */
export const DEMO_GUARDIAN_IMAGE_NAME = 'demo_guardian_id_anxin_2026.png';
const DEMO_IMAGE_SIZE = 240;

/** A valid 18-digit ID card number (Shenzhen Nanshan 440305) for a birth date and 3 sequence digits. */
export function demoIdCard(birthDate: string, sequence: string): string {
  const first17 = `440305${birthDate.replaceAll('-', '')}${sequence}`;
  return `${first17}${computeIdCardCheckDigit(first17)}`;
}

/** The China date `years` years and 30 days before now (so the age is exactly `years`); 29 Feb becomes 28 Feb. */
function birthDateYearsAgo(now: Date, years: number): string {
  const day = new Date(now.getTime() + 8 * 3600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
  const date = `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
  return date.endsWith('-02-29') ? date.replace(/-29$/, '-28') : date;
}

const health = (changes: Partial<HealthInfo>): HealthInfo => ({ ...EMPTY_HEALTH_INFO, ...changes });

/**
 * The demo member's medication users: 本人 (real-name verified), a parent of 65 (not yet verified: the demo of
 * 用药人未实名认证 · 去编辑) and a child of 5 with the demo member as guardian and the guardian's consent.
 * Left alone once the member has any patient (idempotent, keeps a visitor's edits). The guardian's photo is a
 * private upload, encrypted like any other; it is written again when missing (a wiped DATA_DIR) or still in
 * clear (a demo seeded before private uploads). Needs the field key to encrypt: skipped without it.
 */
export async function seedDemoPatients(db: Executor, clock: Clock, storage: FileStorage, secrets?: Secrets) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member || !secrets) return;
  const now = clock.now();
  const bytes = readFileSync(new URL('../profile/demo-avatar.png', import.meta.url));
  const stored = await storage.get(DEMO_GUARDIAN_IMAGE_NAME);
  if (!stored || !BlobCipher.isEncrypted(stored)) {
    const encrypted = privateUploadCipher(secrets.fieldKey).encrypt(bytes);
    await storage.put(DEMO_GUARDIAN_IMAGE_NAME, encrypted, 'application/octet-stream');
  }
  await db
    .insert(uploads)
    .values({
      name: DEMO_GUARDIAN_IMAGE_NAME,
      memberId: member.id,
      module: PRIVATE_UPLOAD_MODULE,
      contentType: 'image/png',
      byteSize: bytes.length,
      width: DEMO_IMAGE_SIZE,
      height: DEMO_IMAGE_SIZE,
      createdAt: now,
    })
    .onConflictDoUpdate({ target: uploads.name, set: { module: PRIVATE_UPLOAD_MODULE } });
  if ((await countMemberPatients(db, member.id)) > 0) return;

  const cipher = new FieldCipher(secrets.fieldKey);
  const hash = certificateHasher(secrets.fieldKey);
  const selfBirth = member.birthday ?? '1990-06-18';
  const selfId = demoIdCard(selfBirth, '012'); // even last sequence digit: female, like the demo member
  const parentBirth = birthDateYearsAgo(now, 65);
  const childBirth = birthDateYearsAgo(now, 5);
  const guardian: StoredGuardian = {
    name: '林小安',
    phone: DEMO_MEMBER.phone,
    cardNum: selfId,
    certificateImage: DEMO_GUARDIAN_IMAGE_NAME,
  };
  const demo = [
    {
      name: '林小安',
      relationLabel: 'self',
      idCard: selfId,
      sex: 1,
      birthDate: selfBirth,
      healthInfo: health({ drugAllergy: { status: 1, labels: ['青霉素类'], other: '' } }),
      guardian: null,
      isValidateName: true,
      isDefault: true,
    },
    {
      name: '林国华',
      relationLabel: 'parents',
      idCard: demoIdCard(parentBirth, '031'),
      sex: 0,
      birthDate: parentBirth,
      healthInfo: health({ pastHistory: { status: 1, labels: ['高血压', '糖尿病'], other: '' }, smoking: 1 }),
      guardian: null,
      isValidateName: false,
      isDefault: false,
    },
    {
      name: '林小宝',
      relationLabel: 'child',
      idCard: demoIdCard(childBirth, '023'),
      sex: 0,
      birthDate: childBirth,
      healthInfo: health({ foodAllergy: { status: 1, labels: ['牛奶'], other: '' } }),
      guardian,
      isValidateName: true,
      isDefault: false,
    },
  ];
  for (const [index, patient] of demo.entries()) {
    // Oldest first, a day apart: the list shows 本人 (the default) first, then the child, then the parent.
    const createdAt = new Date(now.getTime() - (demo.length - index) * 86_400_000);
    await insertPatient(db, {
      memberId: member.id,
      name: patient.name,
      consigneePhone: DEMO_MEMBER.phone,
      certificateType: CERTIFICATE_TYPES.idCard,
      certificateNumberEnc: cipher.encrypt(patient.idCard),
      certificateNumberHash: hash(patient.idCard),
      certificateNumberMasked: maskCertificateNumber(patient.idCard),
      sex: patient.sex,
      birthDate: patient.birthDate,
      relationLabel: patient.relationLabel,
      healthInfoEnc: cipher.encrypt(JSON.stringify(patient.healthInfo)),
      guardianEnc: patient.guardian ? cipher.encrypt(JSON.stringify(patient.guardian)) : null,
      guardianConsentAt: patient.guardian ? createdAt : null,
      isValidateName: patient.isValidateName,
      validatedAt: patient.isValidateName ? createdAt : null,
      isDefault: patient.isDefault,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
