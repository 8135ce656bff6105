import { ErrorCode } from '@anxin/shared/common/errors';
import { type CouponBatch, MARKETING_MSG } from '@anxin/shared/staff/console-assets.contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import {
  countOpenMembers,
  findCouponBatch,
  findCouponTemplate,
  findOpenMembersByPhones,
  insertCouponBatch,
  insertCoupons,
  listRecentCouponBatches,
  lockCouponBatch,
  nextBatchMembers,
  updateCouponBatch,
} from './assets.repository.ts';
import type { CouponBatchRow } from './assets.schema.ts';
import { actorNameOf } from './console-actor.ts';
import { couponOfTemplate, templateUnknown } from './coupon-templates.service.ts';
import { rowOf } from './coupons.rules.ts';

/** Members a chunk (one transaction) issues to. */
export const COUPON_BATCH_CHUNK = 500;
/** A running batch whose last chunk is older than this has lost its process; the next read carries it on. */
export const COUPON_BATCH_STALLED_MS = 30_000;
/** The batches the console lists. */
export const RECENT_COUPON_BATCHES = 20;

export type CouponBatchTarget = { templateId: number; phones: string[]; allMembers: boolean };

function toCouponBatch({ batch, templateTitle }: { batch: CouponBatchRow; templateTitle: string }): CouponBatch {
  return {
    id: batch.id,
    templateId: batch.templateId,
    templateTitle,
    allMembers: batch.allMembers,
    phones: batch.phones,
    total: batch.total,
    done: batch.done,
    issued: batch.issued,
    skipped: batch.skipped,
    state: batch.state,
    createdBy: batch.createdBy,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}

/**
 * 批量发放 (docs/CONSOLE.md): one coupon of a template to each member of a batch, for the console and
 * `npm run ops -- coupon-batch`. `start` fixes the members and the counts in one transaction with its audit
 * entry; `runChunk` then issues to the next COUPON_BATCH_CHUNK members in a transaction of its own that moves
 * the batch's cursor and counts with the coupons, under the batch row's lock: two processes carrying on one
 * batch take turns and never issue a member twice.
 */
export function createCouponBatchService({ db, clock }: { db: Database; clock: Clock }) {
  /** The batch and whether it stalled (running, but no chunk for COUPON_BATCH_STALLED_MS). */
  async function read(id: number): Promise<{ batch: CouponBatch; isStalled: boolean }> {
    const row = await findCouponBatch(db, id);
    if (!row) throw new AppError(404, ErrorCode.notFound, MARKETING_MSG.batchUnknown);
    const isStalled =
      row.batch.state === 'running' && clock.now().getTime() - row.batch.updatedAt.getTime() > COUPON_BATCH_STALLED_MS;
    return { batch: toCouponBatch(row), isStalled };
  }

  /** Issues to the batch's next members; answers whether any are left (false once it is done). */
  async function runChunk(id: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const batch = await lockCouponBatch(tx, id);
      if (batch?.state !== 'running') return false;
      const template = await findCouponTemplate(tx, batch.templateId);
      if (!template) throw new Error(`coupon batch ${id}: template ${batch.templateId} is gone`);
      const memberIds = await nextBatchMembers(tx, batch, COUPON_BATCH_CHUNK);
      const now = clock.now();
      const coupon = couponOfTemplate(template);
      if (memberIds.length)
        await insertCoupons(
          tx,
          memberIds.map((memberId) => rowOf(memberId, coupon, now)),
        );
      const issued = batch.issued + memberIds.length;
      const cursor = memberIds.at(-1) ?? batch.cursor;
      if (memberIds.length < COUPON_BATCH_CHUNK) {
        // Members closed since the start were not reached: they are the skipped ones beyond the unknown phones.
        await updateCouponBatch(tx, id, {
          cursor,
          issued,
          done: batch.total,
          skipped: batch.total - issued,
          state: 'done',
          updatedAt: now,
          finishedAt: now,
        });
        return false;
      }
      await updateCouponBatch(tx, id, { cursor, issued, done: batch.done + memberIds.length, updatedAt: now });
      return true;
    });
  }

  return {
    read,
    runChunk,

    async listRecent() {
      return (await listRecentCouponBatches(db, RECENT_COUPON_BATCHES)).map(toCouponBatch);
    },

    /**
     * Fixes a batch: the open members of the listed phones and/or every open member (up to the newest now); a
     * listed phone that is no member's is skipped at once. 404 for an unknown template. Audited as
     * `coupon.batch` with the template and the counts. A batch aimed at no member is done at once.
     */
    async start(target: CouponBatchTarget, actor: AuditActor): Promise<CouponBatch> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const template = await findCouponTemplate(tx, target.templateId);
        if (!template) throw templateUnknown();
        const listed = target.phones.length ? await findOpenMembersByPhones(tx, target.phones) : [];
        const unknownPhones = target.phones.length - listed.length;
        const open = await countOpenMembers(tx);
        const aimed = target.allMembers ? open.total : listed.length;
        const total = aimed + unknownPhones;
        const batch = await insertCouponBatch(tx, {
          templateId: template.id,
          allMembers: target.allMembers,
          listedMemberIds: listed.map((member) => member.id),
          phones: target.phones.length,
          upToMemberId: open.upTo,
          total,
          done: unknownPhones,
          skipped: unknownPhones,
          state: aimed === 0 ? 'done' : 'running',
          createdBy: actorNameOf(actor),
          createdAt: now,
          updatedAt: now,
          finishedAt: aimed === 0 ? now : null,
        });
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'coupon.batch',
          objectType: 'coupon-batch',
          objectId: String(batch.id),
          after: {
            template: template.code,
            title: template.title,
            allMembers: target.allMembers,
            phones: target.phones.length,
            total,
            unknownPhones,
          },
        });
        return batch.id;
      });
      return (await read(id)).batch;
    },

    /** Runs the batch's chunks until it is done, or until `shouldStop` (a closing server) says to leave the rest. */
    async runToEnd(id: number, shouldStop: () => boolean = () => false) {
      let isLeft = true;
      while (isLeft && !shouldStop()) isLeft = await runChunk(id);
    },
  };
}
