import { COINS_PER_YUAN } from '@anxin/shared/assets/assets.contract';
import { MSG } from '@anxin/shared/common/messages';
import type { Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../account/account.module.ts';
import { insertCoinEntry, listCoinMovements, sumCoins, sumOrderCoinsReturned } from './assets.repository.ts';

export const coinsNotEnough = () => new AppError(409, 'COINS_NOT_ENOUGH', MSG.coinsNotEnough);

/** The description of the ledger entry that takes expired coins out of the balance. */
export const COINS_EXPIRED_DESCRIPTION = '健康币过期（获得满一年）';

/** Coins received at `receivedAt` can be spent until the same moment one year later (the coin rule's text). */
export function coinExpiryOf(receivedAt: Date): Date {
  const expiry = new Date(receivedAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return expiry;
}

/**
 * How many coins of this ledger (oldest first) have passed their year at `now` and are still in the balance.
 * Every entry above zero is a lot of its own with its year; every entry below zero (a spend, an operator's
 * take-back, an earlier expiry) uses the oldest lots first. What is left of the lots whose year is over expires.
 */
export function coinsExpiredAt(movements: { amount: number; createdAt: Date }[], now: Date): number {
  const lots: { left: number; expiresAt: Date }[] = [];
  for (const { amount, createdAt } of movements) {
    if (amount > 0) {
      lots.push({ left: amount, expiresAt: coinExpiryOf(createdAt) });
      continue;
    }
    let owed = -amount;
    for (const lot of lots) {
      if (owed === 0) break;
      const taken = Math.min(lot.left, owed);
      lot.left -= taken;
      owed -= taken;
    }
  }
  return lots.reduce((total, lot) => (lot.expiresAt <= now ? total + lot.left : total), 0);
}

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
 * `expireCoinsLocked` for a reader: a look without a lock first (most members have nothing expiring), and
 * only when something expired the member lock and the check again in a transaction of its own.
 */
export async function expireCoins(db: Executor, memberId: number, now: Date) {
  if (coinsExpiredAt(await listCoinMovements(db, memberId), now) === 0) return;
  await db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    await expireCoinsLocked(tx, memberId, now);
  });
}

/** The member's coin balance now: the expired coins taken out first, then the sum of the ledger. */
export async function coinBalance(db: Executor, memberId: number, now: Date) {
  await expireCoins(db, memberId, now);
  return sumCoins(db, memberId);
}

/**
 * Spends coins at settlement (or an operator's correction), inside the caller's transaction: the member row is
 * locked first, so concurrent spends of one member take turns, and a spend the balance cannot cover is refused
 * (409 健康币余额不足) without writing anything. The ledger therefore never sums below zero.
 * A caller that writes rows referencing the member first (an order: its foreign key takes a KEY SHARE lock on the
 * member row) must call `lockMember` before those writes, else two such transactions deadlock on the upgrade.
 */
export async function spendCoins(
  tx: Transaction,
  memberId: number,
  amount: number,
  orderCode: string | null,
  now: Date,
  description = orderCode ? `订单${orderCode}抵扣` : '健康币扣减',
) {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`spendCoins: bad amount ${amount}`);
  await lockMember(tx, memberId);
  await expireCoinsLocked(tx, memberId, now);
  const balance = await sumCoins(tx, memberId);
  if (balance < amount) throw coinsNotEnough();
  const entry = await insertCoinEntry(tx, { memberId, amount: -amount, description, orderCode, createdAt: now });
  return { entry, balance: balance - amount };
}

/** Adds coins (an order completed, a review, a give-back on cancel, an operator's grant). */
export async function earnCoins(
  tx: Executor,
  memberId: number,
  amount: number,
  description: string,
  orderCode: string | null,
  now: Date,
) {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`earnCoins: bad amount ${amount}`);
  // Same lock as spending, so a balance read under the lock is never stale; what expired before goes first.
  await lockMember(tx, memberId);
  await expireCoinsLocked(tx, memberId, now);
  const entry = await insertCoinEntry(tx, { memberId, amount, description, orderCode, createdAt: now });
  return { entry, balance: await sumCoins(tx, memberId) };
}

/**
 * Gives back the coins that paid an order (cancel of an unpaid order, completed refund): its `mallCoinMoney`
 * in coins, less what already came back under its code, so a second call returns nothing more. A sub-order of
 * a split gets back its own share (the spend itself is the parent's entry). Before a cancel or a refund the
 * only positive entries naming an order are give-backs: coins are earned only once it is received, and a
 * received order is neither cancelled nor refunded.
 */
export async function returnOrderCoins(
  tx: Executor,
  order: { memberId: number; ordersCode: string; mallCoinMoney: number },
  now: Date,
  reason: string,
) {
  const paid = Math.floor((order.mallCoinMoney * COINS_PER_YUAN) / 100);
  const owed = paid - (await sumOrderCoinsReturned(tx, order.memberId, order.ordersCode));
  if (owed <= 0) return 0;
  await lockMember(tx, order.memberId);
  await expireCoinsLocked(tx, order.memberId, now);
  await insertCoinEntry(tx, {
    memberId: order.memberId,
    amount: owed,
    description: `${reason}（订单${order.ordersCode}）`,
    orderCode: order.ordersCode,
    createdAt: now,
  });
  return owed;
}
