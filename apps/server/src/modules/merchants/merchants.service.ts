import { maskPhone } from '@anxin/shared/common/phone';
import {
  MERCHANT_ENTRY_MSG,
  type MerchantEntry,
  type MerchantEntryBody,
} from '@anxin/shared/merchants/merchant-entry.contract';
import type { AppServices } from '../../app-services.ts';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { PRIVATE_UPLOAD_MODULE, resolveOwnUpload } from '../uploads/uploads.module.ts';
import * as repo from './merchants.repository.ts';
import type { MerchantApplicationRow } from './merchants.schema.ts';

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

/** The operator's side (`npm run ops -- merchant-entry <id> approve|reject`). */
export function createMerchantReviewService({ db, clock }: { db: Executor; clock: Clock }) {
  return {
    /** The verdict on a pending application: 404 when there is none with this id, 409 when already reviewed. */
    async reviewApplication(
      id: number,
      verdict: { approve: true } | { approve: false; reason: string },
      reviewer: string,
    ) {
      const row = await repo.reviewPendingApplication(db, id, {
        status: verdict.approve ? 1 : 2,
        rejectReason: verdict.approve ? null : verdict.reason,
        reviewer,
        reviewedAt: clock.now(),
      });
      if (row) return row;
      if (!(await repo.findApplication(db, id))) throw notFound();
      throw conflict('该申请已审核');
    },
  };
}
