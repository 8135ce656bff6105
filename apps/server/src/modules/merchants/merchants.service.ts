import type { Paged } from '@anxin/shared/common/page';
import { maskPhone } from '@anxin/shared/common/phone';
import {
  MERCHANT_ENTRY_MSG,
  MERCHANT_ENTRY_STATUS_TEXT,
  type MerchantEntry,
  type MerchantEntryBody,
} from '@anxin/shared/merchants/merchant-entry.contract';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import {
  type ConsoleMerchantApplication,
  type ConsoleMerchantApplicationDetail,
  MERCHANT_APPLICATION_PAGE_SIZE,
  MERCHANT_STATE_STATUS,
  type MerchantApplicationState,
  OPERATIONS_MSG,
} from '@anxin/shared/staff/console-operations.contract';
import type { AppServices } from '../../app-services.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { PRIVATE_UPLOAD_MODULE, resolveOwnUpload } from '../uploads/uploads.module.ts';
import * as repo from './merchants.repository.ts';
import type { MerchantApplicationRow } from './merchants.schema.ts';

type ReviewDeps = {
  db: Database;
  clock: Clock;
  /** Signs a private upload's link (the licence photos) for 10 minutes. */
  privateUrls: { sign(name: string, memberId: number, now: Date): string };
};

/** The reply shape: the contact phone masked, the images never (the applicant uploaded them). */
export function toMerchantEntry(row: MerchantApplicationRow): MerchantEntry {
  return {
    id: row.id,
    companyName: row.companyName,
    creditCode: row.creditCode,
    drugLicenceNo: row.drugLicenceNo,
    contactName: row.contactName,
    contactPhone: maskPhone(row.contactPhone),
    status: row.status as MerchantEntry['status'],
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export function createMerchantEntryService({ db, clock, config }: Pick<AppServices, 'db' | 'clock' | 'config'>) {
  return {
    async latest(memberId: number): Promise<MerchantEntry | null> {
      const row = await repo.findLatestApplication(db, memberId);
      return row ? toMerchantEntry(row) : null;
    },

    /**
     * Stores an application. Under the member lock: a pending one refuses a second (409), an approved one
     * refuses any more; after a rejection the member applies again. Both images must be the member's own
     * private uploads (the upload call checked their bytes), else 400 on that field.
     */
    async apply(memberId: number, body: MerchantEntryBody): Promise<MerchantEntry> {
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const latest = await repo.findLatestApplication(tx, memberId);
        if (latest?.status === 0) throw conflict(MERCHANT_ENTRY_MSG.pending);
        if (latest?.status === 1) throw conflict(MERCHANT_ENTRY_MSG.approved);
        const options = { module: PRIVATE_UPLOAD_MODULE, filesPrefix: config.AVATAR_HOST };
        const businessLicenceImage = await resolveOwnUpload(tx, memberId, body.businessLicenceImage, options);
        if (!businessLicenceImage) throw badRequest(MERCHANT_ENTRY_MSG.businessLicenceImage, 'businessLicenceImage');
        const drugLicenceImage = await resolveOwnUpload(tx, memberId, body.drugLicenceImage, options);
        if (!drugLicenceImage) throw badRequest(MERCHANT_ENTRY_MSG.drugLicenceImage, 'drugLicenceImage');
        const row = await repo.insertApplication(tx, {
          memberId,
          ...body,
          businessLicenceImage,
          drugLicenceImage,
          createdAt: clock.now(),
        });
        return toMerchantEntry(row);
      });
    },
  };
}

/** Who reviewed, as the table keeps it: the staff member's login name, or `ops` for the command line. */
const reviewerOf = (actor: AuditActor) => (actor === OPS_ACTOR ? OPS_ACTOR : actor.loginName);

/**
 * The operator's side (the console's 商家入驻 and `npm run ops -- merchant-entry`): the applications by state,
 * one with 10-minute links to its licence photos, and the verdict.
 */
export function createMerchantReviewService({ db, clock, privateUrls }: ReviewDeps) {
  const toApplication = (row: MerchantApplicationRow): ConsoleMerchantApplication => ({
    ...toMerchantEntry(row),
    reviewer: row.reviewer,
  });

  return {
    /** Newest first, of one state or all, MERCHANT_APPLICATION_PAGE_SIZE a page. */
    async list(query: { state?: MerchantApplicationState; page: number }): Promise<Paged<ConsoleMerchantApplication>> {
      const size = MERCHANT_APPLICATION_PAGE_SIZE;
      const status = query.state ? MERCHANT_STATE_STATUS[query.state] : undefined;
      const { rows, total } = await repo.listApplications(db, { status, page: query.page, size });
      return {
        content: rows.map(toApplication),
        totalElements: total,
        totalPages: Math.ceil(total / size),
        page: query.page,
        size,
      };
    },

    /** One application with the contact's full phone and signed links to the two photos; 404 when none. */
    async detail(id: number): Promise<ConsoleMerchantApplicationDetail> {
      const row = await repo.findApplication(db, id);
      if (!row) throw notFound();
      const now = clock.now();
      return {
        ...toApplication(row),
        contactPhoneFull: row.contactPhone,
        businessLicenceImageUrl: privateUrls.sign(row.businessLicenceImage, row.memberId, now),
        drugLicenceImageUrl: privateUrls.sign(row.drugLicenceImage, row.memberId, now),
      };
    },

    /**
     * The verdict on a pending application and its audit entry, in one transaction: 404 when there is none
     * with this id, 409 when it was already reviewed (of two verdicts at once, the conditional update lets one
     * through).
     */
    async reviewApplication(
      id: number,
      verdict: { approve: true } | { approve: false; reason: string },
      actor: AuditActor,
    ): Promise<MerchantApplicationRow> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await repo.reviewPendingApplication(tx, id, {
          status: verdict.approve ? 1 : 2,
          rejectReason: verdict.approve ? null : verdict.reason,
          reviewer: reviewerOf(actor),
          reviewedAt: now,
        });
        if (!row) {
          if (!(await repo.findApplication(tx, id))) throw notFound();
          throw conflict(OPERATIONS_MSG.merchantAlreadyReviewed);
        }
        await recordAudit(tx, {
          actor,
          at: now,
          action: verdict.approve ? 'merchant.approve' : 'merchant.reject',
          objectType: 'merchant-application',
          objectId: String(row.id),
          before: { status: MERCHANT_ENTRY_STATUS_TEXT[0] },
          after: {
            status: MERCHANT_ENTRY_STATUS_TEXT[verdict.approve ? 1 : 2],
            companyName: row.companyName,
            ...(verdict.approve ? {} : { reason: verdict.reason }),
          },
        });
        return row;
      });
    },
  };
}
