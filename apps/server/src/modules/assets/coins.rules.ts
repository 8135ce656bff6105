import { MSG } from '@anxin/shared/common/messages';
import { AppError } from '../../platform/errors.ts';

export const coinsNotEnough = () => new AppError(409, 'COINS_NOT_ENOUGH', MSG.coinsNotEnough);

/** Why coins of an order moved: the first words of its ledger entry. */
export type OrderCoinReason =
  | '订单抵扣'
  | '订单取消退回'
  | '订单退款退回'
  | '售后退款退回'
  | '订单完成奖励'
  | '商品评价奖励';

/**
 * The description of every ledger entry of an order, whichever module writes it, so the coin history words an
 * order one way: 订单抵扣（订单AX…）.
 */
export function orderCoinDescription(reason: OrderCoinReason, ordersCode: string): string {
  return `${reason}（订单${ordersCode}）`;
}

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
