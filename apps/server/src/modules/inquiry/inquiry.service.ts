/**
 * The prescription inquiry of an order (/pay/inquiry) and the pharmacist's review of it.
 *
 * - `getInquiryData(memberId, ordersCode)`: the order's prescription products with their age bans and usual
 *   diagnoses, the Rx order settings, and the inquiry already submitted (if any).
 * - `submit(memberId, ordersCode, body)`: re-checks every rule of the page (patient verified and complete,
 *   a diagnosis per product, age bans and sex rules, self-added diseases, the answers 是 否 否, the consent,
 *   the member's own prescription images), then in one transaction copies the patient into the inquiry
 *   (encrypted, the read logged) and marks the order's prescription information complete: it can be paid.
 * - `lookup(memberId, ordersCodes)`: the prescription lookup with the review's progress.
 * - `prescriptionOf(memberId, ordersCode)`: the prescription once a pharmacist passed it.
 * The pharmacist's side (the console and the command line) is `createInquiryReviewService`:
 * `listWaitingInquiries(tx, …)`, and `reviewInquiry(tx, …)`: pass or reject with the pharmacist's name, time and
 * reason; the order moves by auditPass / auditReject of the state machine, and the audit log records who did it.
 */
import { ErrorCode } from '@anxin/shared/common/errors';
import { ageOn } from '@anxin/shared/common/id-card';
import { MSG } from '@anxin/shared/common/messages';
import {
  checkAnswers,
  checkCustomDiseases,
  checkDiagnosisGiven,
  checkPatientForProducts,
  type Disease,
  INQUIRY_CONSENT_VERSION,
  type InquiryData,
  type InquiryProduct,
  type InquirySubmit,
  inquirySubmitSchema,
  PRESCRIPTION_STATUS_TEXT,
  type PrescriptionStatus,
  type RxOrderSettings,
} from '@anxin/shared/inquiry/inquiry.contract';
import type { z } from 'zod';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FieldCipher } from '../../platform/crypto.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { findDiseasesByCodes, findDiseasesByNames, findProductDiseases } from '../diseases/diseases.module.ts';
import type { OrderLog, OrderRow } from '../orders/orders.module.ts';
import {
  createOrderService,
  findLinesOfOrders,
  findMemberOrder,
  lockOrderByCode,
  updateOrderVersioned,
} from '../orders/orders.module.ts';
import { patientDataReads, patientServiceOf } from '../patients/patients.module.ts';
import { PRIVATE_UPLOAD_MODULE, resolveOwnUpload } from '../uploads/uploads.module.ts';
import {
  findInquiryOfOrder,
  findMemberInquiries,
  findProductFacts,
  findWaitingInquiries,
  saveInquiry,
  updateInquiry,
} from './inquiry.repository.ts';
import { prescriptionLines } from './inquiry.rules.ts';
import type { InquiryDiagnoses, OrderInquiryRow } from './inquiry.schema.ts';
import { type PatientSnapshot, toPatientVo } from './patient-snapshot.ts';
import { readRxOrderSettings } from './rx-settings.ts';

/** The order's prescription products as the inquiry shows them; `chosen` marks a submitted inquiry's picks. */
async function inquiryProducts(
  db: Executor,
  order: OrderRow,
  chosen: InquiryDiagnoses | null,
): Promise<InquiryProduct[]> {
  const lines = prescriptionLines(await findLinesOfOrders(db, [order.id]));
  const codes = lines.map((line) => line.productCode);
  const facts = new Map((await findProductFacts(db, codes)).map((row) => [row.productCode, row]));
  const usual = await findProductDiseases(db, codes);
  return lines.map((line) => {
    const fact = facts.get(line.productCode);
    const picks = chosen?.find((item) => item.productCode === line.productCode)?.diseases ?? [];
    const list: InquiryProduct['diseasesList'] = (usual.get(line.productCode) ?? []).map((row) => ({
      diseasesDesc: row.icdName,
      icdCode: row.icdCode,
      sex: row.sex,
      isDefault: row.isDefault,
      isCustom: false,
      selected: chosen ? picks.some((pick) => pick.icdCode === row.icdCode) : row.isDefault,
    }));
    for (const pick of picks) {
      if (list.some((item) => item.icdCode === pick.icdCode && !pick.isCustom)) continue;
      list.push({
        diseasesDesc: pick.icdName,
        icdCode: pick.icdCode ?? '',
        sex: 'common',
        isDefault: false,
        isCustom: pick.isCustom,
        selected: true,
      });
    }
    return {
      productCode: line.productCode,
      productName: line.productName,
      commonTitle: fact?.commonTitle ?? line.productName,
      prescriptionType: line.prescriptionType,
      forbiddenAgeLess: fact?.forbiddenAgeLess ?? null,
      forbiddenAgeGreater: fact?.forbiddenAgeGreater ?? null,
      diseasesList: list,
    };
  });
}

const decryptSnapshot = (cipher: FieldCipher, inquiry: OrderInquiryRow) =>
  JSON.parse(cipher.decrypt(inquiry.patientSnapshotEnc)) as PatientSnapshot;

/** Every rule of the inquiry page, on the server ("Disease selection", questions). */
async function checkSubmission(
  tx: Executor,
  products: InquiryProduct[],
  patient: PatientSnapshot,
  body: z.output<typeof inquirySubmitSchema>,
  settings: RxOrderSettings,
  now: Date,
): Promise<InquiryDiagnoses> {
  if (settings.isNeedUserValidation && !patient.isValidateName) throw badRequest(MSG.patientNotVerified, 'patientId');
  if (settings.isDrugUserInfoNeed && !patient.certificateNumber) throw badRequest(MSG.patientIncomplete, 'patientId');

  const wanted = new Set(products.map((product) => product.productCode));
  const sent = new Set(body.skus.map((sku) => sku.productCode));
  if (sent.size !== body.skus.length || sent.size !== wanted.size || [...sent].some((code) => !wanted.has(code))) {
    throw badRequest(MSG.inquiryProductsMismatch, 'skus');
  }

  const dictionary = await findDiseasesByCodes(
    tx,
    body.skus.flatMap((sku) => sku.diseases),
  );
  // A typed name that is a dictionary entry's is that entry, its sex rule included.
  const typedEntries = await findDiseasesByNames(
    tx,
    body.skus.flatMap((sku) => sku.customizeDiseases),
  );
  const diagnoses: InquiryDiagnoses = [];
  const dictionaryDiseases: Disease[] = [];
  for (const [index, sku] of body.skus.entries()) {
    const chosen = sku.diseases.map((code) => dictionary.get(code));
    if (chosen.some((disease) => !disease)) throw badRequest(MSG.diseaseUnknown, `skus.${index}.diseases`);
    const known = chosen.filter((disease) => disease !== undefined);
    const typedKnown = sku.customizeDiseases.flatMap((name) => typedEntries.get(name) ?? []);
    const typedOwn = sku.customizeDiseases.filter((name) => !typedEntries.has(name));
    const diagnosisProblem = checkDiagnosisGiven(known.length + typedKnown.length, settings);
    if (diagnosisProblem) throw badRequest(diagnosisProblem, `skus.${index}.diseases`);
    const customProblem = checkCustomDiseases(
      sku.customizeDiseases,
      known.map((disease) => disease.icdName),
    );
    if (customProblem) throw badRequest(customProblem, `skus.${index}.customizeDiseases`);
    dictionaryDiseases.push(...known, ...typedKnown);
    diagnoses.push({
      productCode: sku.productCode,
      diseases: [
        ...[...known, ...typedKnown].map((disease) => ({
          icdCode: disease.icdCode,
          icdName: disease.icdName,
          isCustom: false,
        })),
        ...typedOwn.map((name) => ({ icdCode: null, icdName: name, isCustom: true })),
      ],
    });
  }

  const patientProblem = checkPatientForProducts(
    { age: ageOn(patient.birthDate, now), sex: patient.sex },
    products,
    dictionaryDiseases,
  );
  if (patientProblem) throw badRequest(patientProblem, 'patientId');

  const answerProblem = checkAnswers(body.prescriptionAnswer);
  if (answerProblem) throw badRequest(answerProblem, 'prescriptionAnswer');
  return diagnoses;
}

export function createInquiryService(services: AppServices) {
  const { db, clock, cipher, log } = services;
  const patients = patientServiceOf(services);
  const filesPrefix = services.config.AVATAR_HOST;

  async function memberRxOrder(memberId: number, ordersCode: string) {
    const order = await findMemberOrder(db, memberId, ordersCode);
    if (!order || order.isSplit) throw notFound();
    if (!order.isRxDrug) throw conflict(MSG.inquiryNotNeeded);
    return order;
  }

  /**
   * The images must be this member's own private uploads (a signed URL, the files URL form or the name);
   * answers their storage names, which is what is stored.
   */
  async function ownImageNames(memberId: number, urls: string[]) {
    const names: string[] = [];
    for (const [index, url] of urls.entries()) {
      const name = await resolveOwnUpload(db, memberId, url, { module: PRIVATE_UPLOAD_MODULE, filesPrefix });
      if (!name) throw badRequest(MSG.prescriptionImageInvalid, `prescriptionImages.${index}`);
      names.push(name);
    }
    return names;
  }

  return {
    async getInquiryData(memberId: number, ordersCode: string): Promise<InquiryData> {
      const order = await memberRxOrder(memberId, ordersCode);
      const inquiry = await findInquiryOfOrder(db, order.id);
      const now = clock.now();
      return {
        ordersCode: order.ordersCode,
        isPerfect: order.isPrescriptionComplete,
        settings: await readRxOrderSettings(db),
        products: await inquiryProducts(db, order, inquiry?.diagnoses ?? null),
        patientVo: inquiry ? toPatientVo(decryptSnapshot(cipher, inquiry), now) : null,
        status: (inquiry?.status as PrescriptionStatus | undefined) ?? null,
      };
    },

    async submit(memberId: number, ordersCode: string, input: InquirySubmit) {
      const body = inquirySubmitSchema.parse(input);
      // Prescription images are optional here; the settings require them in complete mode (inquiry-links).
      const settings = await readRxOrderSettings(db);
      const images = await ownImageNames(memberId, body.prescriptionImages);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const order = await lockOrderByCode(tx, ordersCode);
        if (!order || order.memberId !== memberId || order.deletedAt || order.isSplit) throw notFound();
        if (!order.isRxDrug) throw conflict(MSG.inquiryNotNeeded);
        if (order.isPrescriptionComplete) throw conflict(MSG.inquiryAlreadyDone);
        if (order.orderType !== 'waitAudit') throw conflict(MSG.orderActionNotAllowed);
        const patient = await patients
          .readPatientInFull(tx, memberId, body.patientId, 'member', 'inquiry snapshot')
          .catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 404) throw badRequest(MSG.patientEmpty, 'patientId');
            throw error;
          });
        const products = await inquiryProducts(tx, order, null);
        const diagnoses = await checkSubmission(tx, products, patient, body, settings, now);
        await saveInquiry(tx, {
          orderId: order.id,
          memberId,
          patientId: patient.id,
          patientName: patient.name,
          patientSnapshotEnc: cipher.encrypt(JSON.stringify(patient)),
          diagnoses,
          answers: body.prescriptionAnswer.map(({ question, answer }) => ({ question, answer })),
          prescriptionImagesEnc: cipher.encrypt(JSON.stringify(images)),
          consentVersion: INQUIRY_CONSENT_VERSION,
          consentAt: now,
          status: 'reviewing',
          submittedAt: now,
        });
        const updated = await updateOrderVersioned(tx, order, { isPrescriptionComplete: true, updatedAt: now });
        if (!updated) throw conflict(MSG.orderActionNotAllowed);
      });
      log.info({ event: 'inquiry.submitted', ordersCode, memberId }, 'prescription inquiry submitted');
      return { ordersCode, isPerfect: true as const, status: 'reviewing' as const };
    },

    /** One per order that has an inquiry, with the review's progress. */
    async lookup(memberId: number, ordersCodes: string[]) {
      const rows = await findMemberInquiries(db, memberId, ordersCodes);
      const now = clock.now();
      return rows.map(({ inquiry, ordersCode }) => {
        const patient = toPatientVo(decryptSnapshot(cipher, inquiry), now);
        const status = inquiry.status as PrescriptionStatus;
        return {
          ordersCode,
          patientName: patient.name,
          idCardNumber: patient.idCardNumber,
          cardNumber: patient.cardNumber,
          telephone: patient.consigneePhone,
          sex: patient.sex,
          age: patient.age,
          relationLabel: patient.relationLabel,
          status,
          statusText: PRESCRIPTION_STATUS_TEXT[status],
          submittedAt: inquiry.submittedAt.toISOString(),
          reviewedAt: inquiry.reviewedAt?.toISOString() ?? null,
          pharmacistName: inquiry.pharmacistName,
          rejectReason: inquiry.rejectReason,
          prescriptionSignExternal: {
            diseaseData: inquiry.diagnoses.map((item) => ({
              productCode: item.productCode,
              diseasesList: item.diseases.map((disease) => ({
                icdName: disease.icdName,
                icdCode: disease.icdCode,
                isCustom: disease.isCustom,
              })),
            })),
          },
        };
      });
    },

    /** The prescription of an order a pharmacist passed: patient, diagnoses, drugs, pharmacist and time. */
    async prescriptionOf(memberId: number, ordersCode: string) {
      const order = await memberRxOrder(memberId, ordersCode);
      const inquiry = await findInquiryOfOrder(db, order.id);
      if (inquiry?.status !== 'passed' || !inquiry.reviewedAt || !inquiry.pharmacistName) {
        throw new AppError(404, ErrorCode.notFound, MSG.prescriptionNotReady);
      }
      const patient = toPatientVo(decryptSnapshot(cipher, inquiry), inquiry.submittedAt);
      const lines = prescriptionLines(await findLinesOfOrders(db, [order.id]));
      return {
        ordersCode: order.ordersCode,
        patient: {
          name: patient.name,
          sex: patient.sex,
          age: patient.age,
          relationLabel: patient.relationLabel,
          certificateNumber: patient.idCardNumber ?? patient.cardNumber ?? '',
        },
        diagnoses: [...new Set(inquiry.diagnoses.flatMap((item) => item.diseases.map((disease) => disease.icdName)))],
        drugs: lines.map((line) => ({
          productCode: line.productCode,
          productName: line.productName,
          packing: line.packing,
          amount: line.amount,
        })),
        pharmacistName: inquiry.pharmacistName,
        reviewedAt: inquiry.reviewedAt.toISOString(),
        submittedAt: inquiry.submittedAt.toISOString(),
      };
    },
  };
}

export type InquiryService = ReturnType<typeof createInquiryService>;

/** One waiting inquiry as the pharmacist's queue shows it (patient decrypted: the read is logged). */
export type WaitingInquiry = {
  ordersCode: string;
  /** The member who placed the order (and owns the images). */
  memberId: number;
  submittedAt: Date;
  patient: PatientSnapshot;
  diagnoses: InquiryDiagnoses;
  answers: { question: string; answer: string }[];
  /** Storage names of the member's private uploads. */
  images: string[];
};

/** What the pharmacist's review (operator command line) needs. */
export type InquiryReviewDeps = {
  /** The order service's database; both methods run in the caller's transaction. */
  db: Executor;
  clock: Clock;
  cipher: FieldCipher;
  /** The online payment window that restarts when a prescription order passes. */
  paymentTimeoutMinutes: number;
  log?: OrderLog;
};

/** The pharmacist's side of inquiries: the queue and the verdict, each in the caller's transaction. */
export function createInquiryReviewService({ db, clock, cipher, paymentTimeoutMinutes, log }: InquiryReviewDeps) {
  const orderService = createOrderService({ db, clock, log });

  return {
    /** The pharmacist's queue, oldest first; each patient read in full is written to the access log. */
    async listWaitingInquiries(tx: Executor, pharmacist: string): Promise<WaitingInquiry[]> {
      const now = clock.now();
      const rows = await findWaitingInquiries(tx);
      const result: WaitingInquiry[] = [];
      for (const { inquiry, ordersCode } of rows) {
        if (inquiry.patientId !== null) {
          await tx.insert(patientDataReads).values({
            patientId: inquiry.patientId,
            memberId: inquiry.memberId,
            actor: `pharmacist:${pharmacist}`,
            purpose: 'prescription review',
            fields: 'certificateNumber,healthInfo,guardian,prescriptionImages',
            readAt: now,
          });
        }
        result.push({
          ordersCode,
          memberId: inquiry.memberId,
          submittedAt: inquiry.submittedAt,
          patient: decryptSnapshot(cipher, inquiry),
          diagnoses: inquiry.diagnoses,
          answers: inquiry.answers,
          images: JSON.parse(cipher.decrypt(inquiry.prescriptionImagesEnc)) as string[],
        });
      }
      return result;
    },

    /**
     * The pharmacist's verdict on an order's waiting inquiry: the inquiry records who and when (and why, for a
     * rejection), and the order moves through the state machine (auditPass: paid → waitDelivery, else waitPay
     * with a fresh deadline; auditReject: canceled, or refundOrder when paid).
     */
    async reviewInquiry(
      tx: Executor,
      input: {
        ordersCode: string;
        verdict: 'pass' | 'reject';
        pharmacist: string;
        reason?: string;
        /** Who decided, for the audit log: the console's staff member, or the command line. */
        actor: AuditActor;
      },
    ): Promise<OrderRow> {
      const order = await lockOrderByCode(tx, input.ordersCode);
      if (!order) throw notFound();
      const inquiry = await findInquiryOfOrder(tx, order.id);
      if (inquiry?.status !== 'reviewing') throw conflict(MSG.inquiryNotWaiting);
      const now = clock.now();
      const status = input.verdict === 'pass' ? 'passed' : 'rejected';
      const rejectReason = input.verdict === 'reject' ? (input.reason ?? null) : null;
      await updateInquiry(tx, inquiry.id, { status, pharmacistName: input.pharmacist, reviewedAt: now, rejectReason });
      const moved = await orderService.auditOrder(
        tx,
        input.ordersCode,
        input.verdict,
        paymentTimeoutMinutes,
        input.actor,
      );
      await recordAudit(tx, {
        actor: input.actor,
        at: now,
        action: input.verdict === 'pass' ? 'rx.pass' : 'rx.reject',
        objectType: 'order',
        objectId: order.ordersCode,
        before: { inquiryStatus: inquiry.status, orderType: order.orderType },
        after: { inquiryStatus: status, orderType: moved.orderType, pharmacistName: input.pharmacist, rejectReason },
      });
      return moved;
    },
  };
}
