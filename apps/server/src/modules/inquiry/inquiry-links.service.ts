/**
 * Complete mode and the chronic link (/user/patientInfo/complete?useKey; docs/PRESCRIPTIONS.md "Complete mode and
 * the chronic link").
 *
 * - `createInquiryLinkSender(deps)` (the console's 问诊链接 and the operator command `inquiry-link`):
 *   `createInquiryLink` makes a random key for an order whose inquiry waits for the pharmacist (only its sha256
 *   is stored) and sends the URL by SMS to the order's consignee phone; `endInquiryLink` ends one at once;
 *   `listInquiryLinks` lists them with their state. Making and ending are audited.
 * - `readLink(memberId, key)`: what the page shows. Only the order's member may use a key (404 for anybody
 *   else, like an unknown key); an expired link, a canceled order or a used chronic link answers 410.
 * - `saveLink(memberId, key, body)`: the patient (one of the member's, read in full, the read logged) and the
 *   prescription images (the member's own private uploads, at most 5, required when the Rx settings say so)
 *   replace the inquiry's, in one transaction that also uses up a chronic link. The images are stored as bare
 *   storage names and shown as freshly signed URLs (uploads/private-uploads.ts).
 */
import { ErrorCode } from '@anxin/shared/common/errors';
import { ageOn } from '@anxin/shared/common/id-card';
import { MSG } from '@anxin/shared/common/messages';
import type { Paged } from '@anxin/shared/common/page';
import { maskPhone } from '@anxin/shared/common/phone';
import { checkPatientForProducts } from '@anxin/shared/inquiry/inquiry.contract';
import {
  INQUIRY_LINK_HOURS,
  type InquiryLink,
  type InquiryLinkKind,
  type InquiryLinkSave,
  type InquiryLinkSaveReply,
  inquiryLinkSaveSchema,
} from '@anxin/shared/inquiry/inquiry-link.contract';
import {
  type ConsoleInquiryLink,
  INQUIRY_LINK_PAGE_SIZE,
  inquiryLinkStateOf,
} from '@anxin/shared/staff/console-rx.contract';
import { count, desc, eq, ilike } from 'drizzle-orm';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { findDiseasesByCodes } from '../diseases/diseases.module.ts';
import { findLinesOfOrders, lockOrderByCode, type OrderRow, orders } from '../orders/orders.module.ts';
import { patientServiceOf } from '../patients/patients.module.ts';
import {
  PRIVATE_UPLOAD_MODULE,
  privateUrlSigner,
  resolveOwnUpload,
  storedImageName,
} from '../uploads/uploads.module.ts';
import { findInquiryOfOrder, findProductFacts, updateInquiry } from './inquiry.repository.ts';
import { inquiryLinks, type OrderInquiryRow } from './inquiry.schema.ts';

type InquiryLinkRow = typeof inquiryLinks.$inferSelect;

import { prescriptionLines } from './inquiry.rules.ts';
import { type PatientSnapshot, toPatientVo } from './patient-snapshot.ts';
import { readRxOrderSettings } from './rx-settings.ts';

/** The path of the page a link opens; the key travels as `useKey`. */
export const COMPLETE_PAGE_PATH = '/user/patientInfo/complete';

export const linkExpired = () => new AppError(410, ErrorCode.linkExpired, MSG.linkExpired);

/** The URL sent by SMS: the public origin of the site, the page, the key. */
export const inquiryLinkUrl = (publicOrigin: string, token: string) =>
  `${publicOrigin.replace(/\/+$/, '')}${COMPLETE_PAGE_PATH}?useKey=${token}`;

/** Why a link no longer works (410), or null while it does. */
function expiryOf(link: InquiryLinkRow, order: OrderRow, now: Date): 'expired' | 'canceled' | 'completed' | null {
  if (order.orderType === 'canceled' || order.deletedAt) return 'canceled';
  if (link.kind === 'chronic' && link.completedAt) return 'completed';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

async function findLinkByToken(db: Executor, token: string, lock = false) {
  const query = db
    .select({ link: inquiryLinks, order: orders })
    .from(inquiryLinks)
    .innerJoin(orders, eq(orders.id, inquiryLinks.orderId))
    .where(eq(inquiryLinks.tokenHash, sha256(token)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type InquiryLinkDeps = { db: Executor; clock: Clock; sms: SmsProvider; publicOrigin: string };

const toConsoleLink = (link: InquiryLinkRow, order: OrderRow, now: Date): ConsoleInquiryLink => ({
  id: link.id,
  ordersCode: order.ordersCode,
  kind: link.kind as InquiryLinkKind,
  phone: maskPhone(order.consigneePhone),
  consignee: order.consignee,
  orderType: order.orderType,
  state: inquiryLinkStateOf(
    { ...link, kind: link.kind as InquiryLinkKind },
    { isCanceled: order.orderType === 'canceled' || order.deletedAt !== null },
    now,
  ),
  createdAt: link.createdAt.toISOString(),
  expiresAt: link.expiresAt.toISOString(),
  completedAt: link.completedAt?.toISOString() ?? null,
});

/** The LIKE pattern of text's start, its own % and _ plain characters. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The pharmacist's side of inquiry links: the console's 问诊链接 and `npm run ops -- inquiry-link`. Making and
 * ending a link are audited in their transactions.
 */
export function createInquiryLinkSender({ db, clock, sms, publicOrigin }: InquiryLinkDeps) {
  return {
    /**
     * Makes a link for an order and sends it by SMS to the order's consignee phone. The order must be a
     * prescription order, not canceled, with an inquiry waiting for the pharmacist: the link lets the shopper
     * give what the review needs (the patient, prescription images).
     */
    async createInquiryLink(ordersCode: string, kind: InquiryLinkKind, actor: AuditActor) {
      const now = clock.now();
      const token = randomToken();
      const created = await db.transaction(async (tx) => {
        const order = await lockOrderByCode(tx, ordersCode);
        if (!order || order.deletedAt || order.isSplit) throw notFound();
        if (!order.isRxDrug) throw conflict(MSG.inquiryNotNeeded);
        if (order.orderType === 'canceled') throw conflict(MSG.orderActionNotAllowed);
        const inquiry = await findInquiryOfOrder(tx, order.id);
        if (inquiry?.status !== 'reviewing') throw conflict(MSG.inquiryNotWaiting);
        const expiresAt = new Date(now.getTime() + INQUIRY_LINK_HOURS[kind] * 3600_000);
        const [link] = await tx
          .insert(inquiryLinks)
          .values({ tokenHash: sha256(token), orderId: order.id, kind, expiresAt, createdAt: now })
          .returning();
        if (!link) throw new Error('inquiry link not written');
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'rx.linkCreate',
          objectType: 'order',
          objectId: order.ordersCode,
          before: null,
          after: { linkId: link.id, kind, expiresAt: expiresAt.toISOString(), phone: maskPhone(order.consigneePhone) },
        });
        return { order, link };
      });
      const url = inquiryLinkUrl(publicOrigin, token);
      const what = kind === 'complete' ? '完善用药人信息和处方图片' : '确认慢病订单的用药人信息';
      await sms.send({
        phone: created.order.consigneePhone,
        content: `【安心大药房】您的订单${ordersCode}需要${what}，请在${INQUIRY_LINK_HOURS[kind]}小时内登录后打开：${url}`,
      });
      return {
        ordersCode,
        kind,
        url,
        expiresAt: created.link.expiresAt,
        phone: maskPhone(created.order.consigneePhone),
        item: toConsoleLink(created.link, created.order, now),
      };
    },

    /**
     * Ends a live link at once (sent to the wrong order, no longer wanted): it answers 410 from then on. 404 for
     * an unknown link, 409 when it no longer works anyway.
     */
    async endInquiryLink(id: number, actor: AuditActor): Promise<ConsoleInquiryLink> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ link: inquiryLinks, order: orders })
          .from(inquiryLinks)
          .innerJoin(orders, eq(orders.id, inquiryLinks.orderId))
          .where(eq(inquiryLinks.id, id));
        if (!found) throw notFound();
        // The order first, then the link: the same order as the shopper's save.
        await lockOrderByCode(tx, found.order.ordersCode);
        const [link] = await tx.select().from(inquiryLinks).where(eq(inquiryLinks.id, id)).for('update');
        const now = clock.now();
        if (!link || toConsoleLink(link, found.order, now).state !== 'live') throw conflict(MSG.inquiryLinkNotLive);
        const [ended] = await tx
          .update(inquiryLinks)
          .set({ expiresAt: now })
          .where(eq(inquiryLinks.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'rx.linkEnd',
          objectType: 'order',
          objectId: found.order.ordersCode,
          before: { linkId: id, expiresAt: link.expiresAt.toISOString() },
          after: { linkId: id, expiresAt: now.toISOString() },
        });
        return toConsoleLink(ended ?? link, found.order, now);
      });
    },

    /** The links newest first, by the order code's start. */
    async listInquiryLinks(query: { code?: string; page: number }): Promise<Paged<ConsoleInquiryLink>> {
      const where = query.code ? ilike(orders.ordersCode, startsWith(query.code)) : undefined;
      const [total] = await db
        .select({ value: count() })
        .from(inquiryLinks)
        .innerJoin(orders, eq(orders.id, inquiryLinks.orderId))
        .where(where);
      const rows = await db
        .select({ link: inquiryLinks, order: orders })
        .from(inquiryLinks)
        .innerJoin(orders, eq(orders.id, inquiryLinks.orderId))
        .where(where)
        .orderBy(desc(inquiryLinks.createdAt), desc(inquiryLinks.id))
        .limit(INQUIRY_LINK_PAGE_SIZE)
        .offset((query.page - 1) * INQUIRY_LINK_PAGE_SIZE);
      const now = clock.now();
      const totalElements = total?.value ?? 0;
      return {
        content: rows.map((row) => toConsoleLink(row.link, row.order, now)),
        totalElements,
        totalPages: Math.ceil(totalElements / INQUIRY_LINK_PAGE_SIZE),
        page: query.page,
        size: INQUIRY_LINK_PAGE_SIZE,
      };
    },
  };
}

export function createInquiryLinkService(services: AppServices) {
  const { db, clock, cipher, log } = services;
  const patients = patientServiceOf(services);
  const filesPrefix = services.config.AVATAR_HOST;
  const signer = privateUrlSigner(services.secrets.fieldKey);

  /** The link of this member's order, or 404 (unknown key, or another member's order: the key alone gives nothing). */
  async function memberLink(executor: Executor, memberId: number, key: string, lock = false) {
    const row = await findLinkByToken(executor, key, lock);
    if (!row || row.order.memberId !== memberId) throw notFound();
    if (expiryOf(row.link, row.order, clock.now())) throw linkExpired();
    return row;
  }

  /** The inquiry's images as the page shows them: signed URLs of the member's private uploads (10 minutes). */
  const imagesOf = (inquiry: OrderInquiryRow | undefined, memberId: number) => {
    if (!inquiry) return [];
    const stored = JSON.parse(cipher.decrypt(inquiry.prescriptionImagesEnc)) as string[];
    return stored.map((image) => signer.sign(storedImageName(image, filesPrefix), memberId, clock.now()));
  };

  /**
   * The images must be this member's own private uploads (a signed URL, the files URL form or the name);
   * answers their storage names, which is what is stored.
   */
  async function ownImageNames(executor: Executor, memberId: number, urls: string[]) {
    const names: string[] = [];
    for (const [index, url] of urls.entries()) {
      const name = await resolveOwnUpload(executor, memberId, url, { module: PRIVATE_UPLOAD_MODULE, filesPrefix });
      if (!name) throw badRequest(MSG.prescriptionImageInvalid, `prescriptionImages.${index}`);
      names.push(name);
    }
    return names;
  }

  return {
    async readLink(memberId: number, key: string): Promise<InquiryLink> {
      const { link, order } = await memberLink(db, memberId, key);
      const now = clock.now();
      const inquiry = await findInquiryOfOrder(db, order.id);
      const settings = await readRxOrderSettings(db);
      const lines = prescriptionLines(await findLinesOfOrders(db, [order.id]));
      return {
        ordersCode: order.ordersCode,
        kind: link.kind as InquiryLinkKind,
        expiresAt: link.expiresAt.toISOString(),
        secondsLeft: Math.max(0, Math.floor((link.expiresAt.getTime() - now.getTime()) / 1000)),
        isPrescriptionImageRequired: settings.isPrescriptionImageRequired,
        products: lines.map((line) => ({ productCode: line.productCode, productName: line.productName })),
        patient: inquiry
          ? toPatientVo(JSON.parse(cipher.decrypt(inquiry.patientSnapshotEnc)) as PatientSnapshot, now)
          : null,
        prescriptionImages: imagesOf(inquiry, memberId),
      };
    },

    async saveLink(memberId: number, key: string, input: InquiryLinkSave): Promise<InquiryLinkSaveReply> {
      const body = inquiryLinkSaveSchema.parse(input);
      const settings = await readRxOrderSettings(db);
      if (settings.isPrescriptionImageRequired && body.prescriptionImages.length === 0) {
        throw badRequest(MSG.prescriptionImageRequired, 'prescriptionImages');
      }
      const now = clock.now();
      const reply = await db.transaction(async (tx) => {
        const found = await findLinkByToken(tx, key);
        if (!found || found.order.memberId !== memberId) throw notFound();
        // The order first, then the link: the same order as every other writer of the order.
        await lockOrderByCode(tx, found.order.ordersCode);
        const { link, order } = await memberLink(tx, memberId, key, true);
        const inquiry = await findInquiryOfOrder(tx, order.id);
        if (inquiry?.status !== 'reviewing') throw conflict(MSG.inquiryNotWaiting);
        const images = await ownImageNames(tx, memberId, body.prescriptionImages);

        const patient = await patients
          .readPatientInFull(tx, memberId, body.patientId, 'member', 'inquiry snapshot (complete link)')
          .catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 404) throw badRequest(MSG.patientEmpty, 'patientId');
            throw error;
          });
        if (settings.isNeedUserValidation && !patient.isValidateName) {
          throw badRequest(MSG.patientNotVerified, 'patientId');
        }
        if (settings.isDrugUserInfoNeed && !patient.certificateNumber) {
          throw badRequest(MSG.patientIncomplete, 'patientId');
        }
        // The new patient against the order's products and the diagnoses already chosen (age bans, sex).
        const lines = prescriptionLines(await findLinesOfOrders(tx, [order.id]));
        const facts = await findProductFacts(
          tx,
          lines.map((line) => line.productCode),
        );
        const codes = inquiry.diagnoses.flatMap((item) =>
          item.diseases.flatMap((disease) => (disease.icdCode ? [disease.icdCode] : [])),
        );
        const dictionary = await findDiseasesByCodes(tx, codes);
        const problem = checkPatientForProducts(
          { age: ageOn(patient.birthDate, now), sex: patient.sex },
          facts,
          codes.map((code) => ({ sex: dictionary.get(code)?.sex ?? 'common' })),
        );
        if (problem) throw badRequest(problem, 'patientId');

        await updateInquiry(tx, inquiry.id, {
          patientId: patient.id,
          patientName: patient.name,
          patientSnapshotEnc: cipher.encrypt(JSON.stringify(patient)),
          prescriptionImagesEnc: cipher.encrypt(JSON.stringify(images)),
        });
        const isCompleted = link.kind === 'chronic';
        if (isCompleted) await tx.update(inquiryLinks).set({ completedAt: now }).where(eq(inquiryLinks.id, link.id));
        return { ordersCode: order.ordersCode, kind: link.kind as InquiryLinkKind, isCompleted };
      });
      log.info(
        { event: 'inquiry.link.saved', ordersCode: reply.ordersCode, memberId, kind: reply.kind },
        'inquiry completed through a link',
      );
      return reply;
    },
  };
}
