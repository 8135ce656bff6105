import { computeIdCardCheckDigit, maskIdCard } from '@anxin/shared/common/id-card';
import { INQUIRY_QUESTIONS, type InquirySubmit } from '@anxin/shared/inquiry/inquiry.contract';
import { EMPTY_HEALTH_INFO } from '@anxin/shared/patients/patient.contract';
import { diseases, patients, productDiseases } from '../../db/schema.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { TestApp } from '../../test/build-test-app.ts';

/** A valid ID card number for a birth date ('YYYYMMDD') and sex (0 male, 1 female), Beijing Chaoyang. */
export function idCardFor(birth: string, sex: 0 | 1, sequence = 12): string {
  const first17 = `110105${birth}${String(sequence).padStart(2, '0')}${sex === 0 ? 1 : 2}`;
  return first17 + computeIdCardCheckDigit(first17);
}

/** A patient of the member written straight to the database (encrypted as the patients module stores it). */
export async function givenPatient(
  t: TestApp,
  memberId: number,
  values: { name?: string; birth?: string; sex?: 0 | 1; isValidateName?: boolean } = {},
) {
  const cipher = t.app.services.cipher;
  const birth = values.birth ?? '19800101';
  const sex = values.sex ?? 0;
  const idCard = idCardFor(birth, sex);
  const now = t.clock.now();
  const [row] = await t.db
    .insert(patients)
    .values({
      memberId,
      name: values.name ?? '张三',
      consigneePhone: '13912345678',
      certificateType: 1,
      certificateNumberEnc: cipher.encrypt(idCard),
      certificateNumberHash: sha256(`${memberId}:${idCard}`),
      certificateNumberMasked: maskIdCard(idCard),
      sex,
      birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`,
      relationLabel: 'self',
      healthInfoEnc: cipher.encrypt(JSON.stringify(EMPTY_HEALTH_INFO)),
      isValidateName: values.isValidateName ?? true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ...row, idCard };
}

/** A few dictionary diseases and the usual ones of the two prescription products the tests buy. */
export async function givenDiseases(t: TestApp) {
  await t.db
    .insert(diseases)
    .values([
      { icdCode: 'I10', icdName: '原发性高血压', sex: 'common', sortOrder: 1 },
      { icdCode: 'E11.9', icdName: '2型糖尿病不伴有并发症', sex: 'common', sortOrder: 2 },
      { icdCode: 'N40', icdName: '前列腺增生', sex: 'male', sortOrder: 50 },
      { icdCode: 'N94.6', icdName: '痛经', sex: 'female', sortOrder: 60 },
    ])
    .onConflictDoNothing();
  await t.db
    .insert(productDiseases)
    .values([
      { productCode: '1000401', icdCode: 'I10', isDefault: true },
      { productCode: '1000402', icdCode: 'E11.9', isDefault: true },
    ])
    .onConflictDoNothing();
}

/** The answers the questions expect (是, 否, 否). */
export const RIGHT_ANSWERS = INQUIRY_QUESTIONS.map(({ question, expected }) => ({ question, answer: expected }));

/** A complete, valid submission for one product. */
export const inquiryBody = (patientId: number, productCode: string, diseases: string[]): InquirySubmit => ({
  patientId,
  skus: [{ productCode, diseases, customizeDiseases: [] }],
  prescriptionAnswer: RIGHT_ANSWERS,
  isConfirmed: true,
});
