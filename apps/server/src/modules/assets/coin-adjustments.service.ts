import { ErrorCode } from '@anxin/shared/common/errors';
import type { Paged } from '@anxin/shared/common/page';
import { maskPhone } from '@anxin/shared/common/phone';
import {
  COIN_ADJUSTMENT_PAGE_SIZE,
  type CoinAdjustBody,
  type CoinAdjustment,
  type CoinAdjustmentQuery,
  type CoinAdjustReply,
  coinAdjustBodySchema,
  MARKETING_MSG,
} from '@anxin/shared/staff/console-assets.contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { findMemberByPhone } from '../account/account.module.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { listCoinAdjustments } from './assets.repository.ts';
import type { CoinEntryRow } from './assets.schema.ts';
import { createCoinService } from './coins.service.ts';
import { actorNameOf } from './console-actor.ts';

const toAdjustment = (entry: CoinEntryRow, phone: string | null): CoinAdjustment => ({
  id: entry.id,
  phone: maskPhone(phone ?? ''),
  amount: entry.amount,
  reason: entry.description,
  adjustedBy: entry.adjustedBy ?? '',
  at: entry.createdAt.toISOString(),
});

/**
 * 健康币调整 (docs/CONSOLE.md): an operator gives or takes back a member's coins with a reason, from the console or
 * `npm run ops -- coins`, audited as `coins.adjust` in the adjustment's transaction.
 */
export function createCoinAdjustmentService({ db, clock }: { db: Database; clock: Clock }) {
  const coins = createCoinService(db);
  return {
    /** 404 for a phone no open member has; 409 when a take-back would leave the balance below zero. */
    async adjust(body: CoinAdjustBody, actor: AuditActor): Promise<CoinAdjustReply> {
      const { phone, amount, reason } = coinAdjustBodySchema.parse(body);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const member = await findMemberByPhone(tx, phone);
        if (!member || member.status === 'closed') {
          throw new AppError(404, ErrorCode.notFound, MARKETING_MSG.coinMemberUnknown);
        }
        const { entry, before, balance } = await coins.adjust(tx, member.id, amount, reason, actorNameOf(actor), now);
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'coins.adjust',
          objectType: 'member',
          objectId: String(member.id),
          before: { balance: before },
          after: { balance, amount, reason, phone: maskPhone(phone) },
        });
        return { adjustment: toAdjustment(entry, member.phone), balance };
      });
    },

    /** Operators' adjustments, newest first, COIN_ADJUSTMENT_PAGE_SIZE a page, phones masked. */
    async list(query: CoinAdjustmentQuery & { page: number }): Promise<Paged<CoinAdjustment>> {
      const { rows, total } = await listCoinAdjustments(
        db,
        query.phone || undefined,
        query.page,
        COIN_ADJUSTMENT_PAGE_SIZE,
      );
      return {
        content: rows.map((row) => toAdjustment(row.entry, row.phone)),
        totalElements: total,
        totalPages: Math.ceil(total / COIN_ADJUSTMENT_PAGE_SIZE),
        page: query.page,
        size: COIN_ADJUSTMENT_PAGE_SIZE,
      };
    },
  };
}
