import { MSG } from '@anxin/shared/common/messages';
import type { Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../account/account.repository.ts';
import { insertCoinEntry, sumCoins, sumOrderCoins } from './assets.repository.ts';

export const coinsNotEnough = () => new AppError(409, 'COINS_NOT_ENOUGH', MSG.coinsNotEnough);

/** The member's coin balance: the sum of the ledger. */
export const coinBalance = (db: Executor, memberId: number) => sumCoins(db, memberId);

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
  // Same lock as spending, so a balance read under the lock is never stale.
  await lockMember(tx, memberId);
  const entry = await insertCoinEntry(tx, { memberId, amount, description, orderCode, createdAt: now });
  return { entry, balance: await sumCoins(tx, memberId) };
}

/**
 * Gives back what an order spent (cancel of an unpaid order, completed refund): the net of the order's ledger
 * entries; nothing when it is not negative, so a second call returns nothing more.
 */
export async function returnOrderCoins(tx: Executor, memberId: number, ordersCode: string, now: Date, reason: string) {
  const net = await sumOrderCoins(tx, memberId, ordersCode);
  if (net >= 0) return 0;
  await lockMember(tx, memberId);
  await insertCoinEntry(tx, {
    memberId,
    amount: -net,
    description: `${reason}（订单${ordersCode}）`,
    orderCode: ordersCode,
    createdAt: now,
  });
  return -net;
}
