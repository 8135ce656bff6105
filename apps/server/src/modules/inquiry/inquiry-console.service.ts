import type { PrescriptionStatus } from '@anxin/shared/inquiry/inquiry.contract';
import {
  type ConsoleInquiryDetail,
  type ConsoleInquiryItem,
  RX_QUEUE_LIMIT,
} from '@anxin/shared/staff/console.contract';
import type { AppServices } from '../../app-services.ts';
import { notFound } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/staff-auth.ts';
import { isStorageName } from '../../platform/storage/file-storage.ts';
import { findLinesOfOrders, findOrderByCode } from '../orders/orders.module.ts';
import { patientDataReads } from '../patients/patients.module.ts';
import { privateUrlSigner } from '../uploads/uploads.module.ts';
import { findInquiryOfOrder, findOtherInquiriesOfMember, findReviewQueue } from './inquiry.repository.ts';
import type { PatientSnapshot } from './patient-snapshot.ts';
import { toPatientVo } from './patient-snapshot.ts';

/** Earlier prescriptions of the member shown beside the one under review. */
const EARLIER_PRESCRIPTIONS = 10;

const minutesBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

/**
 * The pharmacist's queue in the console (docs/CONSOLE.md, 处方审核): the waiting orders without decrypting
 * anyone, and one order's inquiry in full, a read written to the patients' access log. The verdict is the
 * review service's (`createInquiryReviewService().reviewInquiry`), shared with the command line.
 */
export function createInquiryConsoleService(services: AppServices) {
  const { db, clock, cipher } = services;
  const privateUrls = privateUrlSigner(services.secrets.fieldKey);

  return {
    async queue(): Promise<ConsoleInquiryItem[]> {
      const rows = await findReviewQueue(db, RX_QUEUE_LIMIT);
      const namesByOrder = new Map<number, string[]>();
      for (const line of await findLinesOfOrders(
        db,
        rows.map((row) => row.orderId),
      )) {
        const names = namesByOrder.get(line.orderId);
        if (names) names.push(line.productName);
        else namesByOrder.set(line.orderId, [line.productName]);
      }
      const now = clock.now();
      return rows.map((row) => ({
        ordersCode: row.ordersCode,
        submittedAt: row.submittedAt.toISOString(),
        waitingMinutes: minutesBetween(row.submittedAt, now),
        patientName: row.patientName,
        productNames: namesByOrder.get(row.orderId) ?? [],
        sum: row.sum,
        isPaid: row.paidAt !== null,
        paymentType: row.paymentType,
      }));
    },

    /** One order's inquiry as the pharmacist decides on it; 404 for an order without one. */
    async detail(ordersCode: string, staff: StaffPrincipal): Promise<ConsoleInquiryDetail> {
      const order = await findOrderByCode(db, ordersCode);
      const inquiry = order ? await findInquiryOfOrder(db, order.id) : undefined;
      if (!order || !inquiry) throw notFound();
      const now = clock.now();
      const snapshot = JSON.parse(cipher.decrypt(inquiry.patientSnapshotEnc)) as PatientSnapshot;
      const imageNames = JSON.parse(cipher.decrypt(inquiry.prescriptionImagesEnc)) as string[];
      if (inquiry.patientId !== null) {
        await db.insert(patientDataReads).values({
          patientId: inquiry.patientId,
          memberId: inquiry.memberId,
          actor: `staff:${staff.loginName}`,
          purpose: 'prescription review',
          fields: 'certificateNumber,healthInfo,guardian,prescriptionImages',
          readAt: now,
        });
      }
      // Images are the member's private uploads: each opens by a link signed for its owner, for 10 minutes.
      const link = (name: string) => (isStorageName(name) ? privateUrls.sign(name, inquiry.memberId, now) : name);
      const patient = toPatientVo(snapshot, now);
      if (patient.guardianVo) {
        patient.guardianVo = { ...patient.guardianVo, certificateImage: link(patient.guardianVo.certificateImage) };
      }
      const lines = await findLinesOfOrders(db, [order.id]);
      const nameOf = (productCode: string) =>
        lines.find((line) => line.productCode === productCode)?.productName ?? productCode;

      const earlier = await findOtherInquiriesOfMember(db, inquiry.memberId, order.id, EARLIER_PRESCRIPTIONS);
      const earlierLines = await findLinesOfOrders(
        db,
        earlier.map((row) => row.inquiry.orderId),
      );
      return {
        ordersCode: order.ordersCode,
        status: inquiry.status as PrescriptionStatus,
        orderType: order.orderType,
        submittedAt: inquiry.submittedAt.toISOString(),
        waitingMinutes: minutesBetween(inquiry.submittedAt, inquiry.reviewedAt ?? now),
        sum: order.sum,
        isPaid: order.paidAt !== null,
        patient,
        diagnoses: inquiry.diagnoses.map((item) => ({
          productCode: item.productCode,
          productName: nameOf(item.productCode),
          diseases: item.diseases,
        })),
        answers: inquiry.answers,
        images: imageNames.map(link),
        drugs: lines.map((line) => ({
          productCode: line.productCode,
          productName: line.productName,
          packing: line.packing,
          amount: line.amount,
          prescriptionType: line.prescriptionType,
        })),
        earlierPrescriptions: earlier.map(({ inquiry: other, ordersCode: code }) => ({
          ordersCode: code,
          submittedAt: other.submittedAt.toISOString(),
          status: other.status as PrescriptionStatus,
          patientName: other.patientName,
          diseases: [...new Set(other.diagnoses.flatMap((item) => item.diseases.map((disease) => disease.icdName)))],
          drugs: earlierLines
            .filter((line) => line.orderId === other.orderId)
            .map((line) => `${line.productName} ×${line.amount}`),
          pharmacistName: other.pharmacistName,
          reviewedAt: other.reviewedAt?.toISOString() ?? null,
          rejectReason: other.rejectReason,
        })),
        pharmacistName: inquiry.pharmacistName,
        reviewedAt: inquiry.reviewedAt?.toISOString() ?? null,
        rejectReason: inquiry.rejectReason,
      };
    },
  };
}
