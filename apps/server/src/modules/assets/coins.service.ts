import { COINS_PER_YUAN } from '@anxin/shared/assets/assets.contract';
import { MARKETING_MSG } from '@anxin/shared/staff/console-assets.contract';
import type { Executor, Transaction } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { insertCoinEntry, listCoinMovements, sumCoins, sumOrderCoinsReturned } from './assets.repository.ts';
import {
  COINS_EXPIRED_DESCRIPTION,
  coinsExpiredAt,
  coinsNotEnough,
  type OrderCoinReason,
  orderCoinDescription,
} from './coins.rules.ts';

/**
 * Takes the member's expired coins out of the balance with one ledger entry (−n, 健康币过期), so the history
 * says where they went. Runs before every read of the balance or the history and inside every write, always
 * under the member lock, so it writes each expiry once. No job is needed: nobody sees the balance without it.
 */
async function expireCoinsLocked(tx: Executor, memberId: number, now: Date) {
  const expired = coinsExpiredAt(await listCoinMovements(tx, memberId), now);
  if (expired > 0) {
    await insertCoinEntry(tx, {
      memberId,
      amount: -expired,
      description: COINS_EXPIRED_DESCRIPTION,
      orderCode: null,
      createdAt: now,
    });
  }
}

/**
 * The health-coin ledger. Its reads run on `db`; its writes take the caller's transaction as their first
 * argument (an order placed, moved or cancelled writes its coins in its own transaction).
 */
export function createCoinService(db: Executor) {
  /**
   * `expireCoinsLocked` for a reader: a look without a lock first (most members have nothing expiring), and
   * only when something expired the member lock and the check again in a transaction of its own.
   */
  async function expire(memberId: number, now: Date) {
    if (coinsExpiredAt(await listCoinMovements(db, memberId), now) === 0) return;
    await db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      await expireCoinsLocked(tx, memberId, now);
    });
  }

  return {
    expire,

    /** The member's coin balance now: the expired coins taken out first, then the sum of the ledger. */
    async balance(memberId: number, now: Date) {
      await expire(memberId, now);
      return sumCoins(db, memberId);
    },

    /**
     * Spends coins at settlement (or an operator's correction), inside the caller's transaction: the member row is
     * locked first, so concurrent spends of one member take turns, and a spend the balance cannot cover is refused
     * (409 健康币余额不足) without writing anything. The ledger therefore never sums below zero.
     * A caller that writes rows referencing the member first (an order: its foreign key takes a KEY SHARE lock on the
     * member row) must call `lockMember` before those writes, else two such transactions deadlock on the upgrade.
     */
    async spend(
      tx: Transaction,
      memberId: number,
      amount: number,
      orderCode: string | null,
      now: Date,
      description = orderCode ? orderCoinDescription('订单抵扣', orderCode) : '健康币扣减',
    ) {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error(`spend: bad amount ${amount}`);
      await lockMember(tx, memberId);
      await expireCoinsLocked(tx, memberId, now);
      const balance = await sumCoins(tx, memberId);
      if (balance < amount) throw coinsNotEnough();
      const entry = await insertCoinEntry(tx, { memberId, amount: -amount, description, orderCode, createdAt: now });
      return { entry, balance: balance - amount };
    },

    /** Adds coins (an order completed, a review, a give-back on cancel, an operator's grant). */
    async earn(
      tx: Executor,
      memberId: number,
      amount: number,
      description: string,
      orderCode: string | null,
      now: Date,
    ) {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error(`earn: bad amount ${amount}`);
      // Same lock as spending, so a balance read under the lock is never stale; what expired before goes first.
      await lockMember(tx, memberId);
      await expireCoinsLocked(tx, memberId, now);
      const entry = await insertCoinEntry(tx, { memberId, amount, description, orderCode, createdAt: now });
      return { entry, balance: await sumCoins(tx, memberId) };
    },

    /**
     * An operator's adjustment (the console's or `npm run ops -- coins`): `amount` coins added, or taken back when
     * negative, with the reason as the entry's description (the member reads it) and who did it. Under the member
     * lock like every write; a take-back the balance cannot cover is refused (409, naming the balance) without
     * writing anything. Answers the entry and the balance before and after.
     */
    async adjust(tx: Transaction, memberId: number, amount: number, reason: string, adjustedBy: string, now: Date) {
      if (!Number.isInteger(amount) || amount === 0) throw new Error(`adjust: bad amount ${amount}`);
      await lockMember(tx, memberId);
      await expireCoinsLocked(tx, memberId, now);
      const before = await sumCoins(tx, memberId);
      if (before + amount < 0) throw conflict(MARKETING_MSG.coinBelowZero(before));
      const entry = await insertCoinEntry(tx, {
        memberId,
        amount,
        description: reason,
        orderCode: null,
        adjustedBy,
        createdAt: now,
      });
      return { entry, before, balance: before + amount };
    },

    /**
     * Gives back the coins that paid an order (cancel of an unpaid order, completed refund): its `mallCoinMoney`
     * in coins, less what already came back under its code, so a second call returns nothing more. A sub-order of
     * a split gets back its own share (the spend itself is the parent's entry). Before a cancel or a refund the
     * only positive entries naming an order are give-backs: coins are earned only once it is received, and a
     * received order is neither cancelled nor refunded.
     */
    /**
     * Gives back `coins` of what an order paid in coins (an after-sale refund of part of it, docs/AFTERSALE.md),
     * never more than the order's coins not yet given back. The caller makes it once (the request's own state).
     */
    async returnOrderCoinsPart(
      tx: Executor,
      order: { memberId: number; ordersCode: string; mallCoinMoney: number },
      coins: number,
      now: Date,
    ) {
      const paid = Math.floor((order.mallCoinMoney * COINS_PER_YUAN) / 100);
      const owed = Math.min(coins, paid - (await sumOrderCoinsReturned(tx, order.memberId, order.ordersCode)));
      if (owed <= 0) return 0;
      await lockMember(tx, order.memberId);
      await expireCoinsLocked(tx, order.memberId, now);
      await insertCoinEntry(tx, {
        memberId: order.memberId,
        amount: owed,
        description: orderCoinDescription('售后退款退回', order.ordersCode),
        orderCode: order.ordersCode,
        createdAt: now,
      });
      return owed;
    },

    async returnOrderCoins(
      tx: Executor,
      order: { memberId: number; ordersCode: string; mallCoinMoney: number },
      now: Date,
      reason: OrderCoinReason,
    ) {
      const paid = Math.floor((order.mallCoinMoney * COINS_PER_YUAN) / 100);
      const owed = paid - (await sumOrderCoinsReturned(tx, order.memberId, order.ordersCode));
      if (owed <= 0) return 0;
      await lockMember(tx, order.memberId);
      await expireCoinsLocked(tx, order.memberId, now);
      await insertCoinEntry(tx, {
        memberId: order.memberId,
        amount: owed,
        description: orderCoinDescription(reason, order.ordersCode),
        orderCode: order.ordersCode,
        createdAt: now,
      });
      return owed;
    },
  };
}
