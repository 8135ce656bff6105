import { MSG } from '@anxin/shared/common/messages';
import { maskPhone } from '@anxin/shared/common/phone';
import type { CallbackRequest } from '@anxin/shared/mall/callback.contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { findMemberById, lockMember } from '../account/account.module.ts';
import { findMemberOrder } from '../orders/orders.module.ts';
import { type CallbackRequestRow, callbackRequests } from './mall.schema.ts';
import { createMallConfigService } from './mall-config.service.ts';

const toCallbackRequest = (row: CallbackRequestRow): CallbackRequest => ({
  id: row.id,
  phone: maskPhone(row.phone),
  ordersCode: row.ordersCode,
  createdAt: row.createdAt.toISOString(),
});

export function createCallbackService({ db, clock }: { db: Database; clock: Clock }) {
  const mallConfig = createMallConfigService({ db, clock });
  return {
    /**
     * 药师回电: records that the member wants a call to their account's phone, about one of their orders when
     * named (another member's or a missing one: 404). One open request per member: asking again while one is
     * open answers it (`isNew` false), decided under the member's row lock. Refused (409) while the mall's
     * `callbackAvailable` is off, and for an account without a phone.
     */
    async request(memberId: number, ordersCode: string | undefined) {
      if (!(await mallConfig.read()).callbackAvailable) throw conflict(MSG.callbackUnavailable);
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const member = await findMemberById(tx, memberId);
        if (!member?.phone) throw conflict(MSG.phoneNeedsBinding);
        if (ordersCode && !(await findMemberOrder(tx, memberId, ordersCode))) throw notFound();
        const [open] = await tx
          .select()
          .from(callbackRequests)
          .where(and(eq(callbackRequests.memberId, memberId), isNull(callbackRequests.calledAt)));
        if (open) return { request: toCallbackRequest(open), isNew: false };
        const [created] = await tx
          .insert(callbackRequests)
          .values({ memberId, phone: member.phone, ordersCode: ordersCode ?? null, createdAt: clock.now() })
          .returning();
        return { request: toCallbackRequest(created!), isNew: true };
      });
    },

    /** The open requests, oldest first, with the full phone (the operator calls it). */
    listOpen() {
      return db
        .select()
        .from(callbackRequests)
        .where(isNull(callbackRequests.calledAt))
        .orderBy(asc(callbackRequests.createdAt), asc(callbackRequests.id));
    },

    /** Marks an open request called; false when there is no open request with that id. */
    async markCalled(id: number) {
      const updated = await db
        .update(callbackRequests)
        .set({ calledAt: clock.now() })
        .where(and(eq(callbackRequests.id, id), isNull(callbackRequests.calledAt)))
        .returning({ id: callbackRequests.id });
      return updated.length > 0;
    },
  };
}
