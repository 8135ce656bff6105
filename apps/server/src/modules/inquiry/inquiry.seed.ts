import { INQUIRY_CONSENT_VERSION, INQUIRY_QUESTIONS } from '@anxin/shared/inquiry/inquiry.contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { FieldCipher } from '../../platform/crypto.ts';
import { createSandboxIdentityCheck } from '../../platform/identity/sandbox-identity-check.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { findProductDiseases } from '../diseases/diseases.module.ts';
import { findLinesOfOrders, orders } from '../orders/orders.module.ts';
import { createPatientService, findMemberDefaultPatient } from '../patients/patients.module.ts';
import { prescriptionLines } from './inquiry.rules.ts';
import { orderInquiries } from './inquiry.schema.ts';

/** The demo pharmacist. */
export const DEMO_PHARMACIST = '李药师';
const DEMO_REJECT_REASON = '所选诊断与药品适应症不符，请核对后重新提交需求';
const MINUTE = 60_000;

/**
 * The demo member's prescription orders in every inquiry state: each order the orders seed marked complete gets
 * its inquiry, for the demo member's own (default) patient with the products' usual diagnoses: still with the
 * pharmacist while the order waits for the audit, rejected for a canceled order, passed for the others. The
 * order that waits for the audit without an inquiry keeps none (立即付款 leads to /pay/inquiry). Idempotent.
 */
export async function seedDemoInquiries(db: Database, clock: Clock, _storage: FileStorage, secrets?: Secrets) {
  if (!secrets) return;
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const patient = await findMemberDefaultPatient(db, member.id);
  if (!patient) return;
  const cipher = new FieldCipher(secrets.fieldKey);
  const patients = createPatientService({
    db,
    clock,
    cipher,
    secrets,
    identity: createSandboxIdentityCheck(),
    uploadsHost: '',
  });
  const waiting = await db
    .select({ order: orders })
    .from(orders)
    .leftJoin(orderInquiries, eq(orderInquiries.orderId, orders.id))
    .where(
      and(
        eq(orders.memberId, member.id),
        eq(orders.isRxDrug, true),
        eq(orders.isPrescriptionComplete, true),
        eq(orders.isSplit, false),
        isNull(orderInquiries.id),
      ),
    );

  await db.transaction(async (tx) => {
    for (const { order } of waiting) {
      const lines = prescriptionLines(await findLinesOfOrders(tx, [order.id]));
      const usual = await findProductDiseases(
        tx,
        lines.map((line) => line.productCode),
      );
      const snapshot = await patients.readPatientInFull(tx, member.id, patient.id, 'ops', 'demo data');
      const submittedAt = new Date(order.creationDate.getTime() + 5 * MINUTE);
      const status =
        order.orderType === 'waitAudit' ? 'reviewing' : order.orderType === 'canceled' ? 'rejected' : 'passed';
      await tx.insert(orderInquiries).values({
        orderId: order.id,
        memberId: member.id,
        patientId: patient.id,
        patientName: snapshot.name,
        patientSnapshotEnc: cipher.encrypt(JSON.stringify(snapshot)),
        diagnoses: lines.map((line) => ({
          productCode: line.productCode,
          diseases: (usual.get(line.productCode) ?? [])
            .filter((disease) => disease.isDefault)
            .map((disease) => ({ icdCode: disease.icdCode, icdName: disease.icdName, isCustom: false })),
        })),
        answers: INQUIRY_QUESTIONS.map(({ question, expected }) => ({ question, answer: expected })),
        prescriptionImagesEnc: cipher.encrypt('[]'),
        consentVersion: INQUIRY_CONSENT_VERSION,
        consentAt: submittedAt,
        status,
        pharmacistName: status === 'reviewing' ? null : DEMO_PHARMACIST,
        reviewedAt: status === 'reviewing' ? null : (order.auditedAt ?? new Date(submittedAt.getTime() + 15 * MINUTE)),
        rejectReason: status === 'rejected' ? DEMO_REJECT_REASON : null,
        submittedAt,
      });
    }
  });
}
