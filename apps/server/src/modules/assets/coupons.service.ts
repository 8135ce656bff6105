import type { Coupon, GiftPack } from '@anxin/shared/assets/assets.contract';
import { type CouponOrderLine, couponDiscount } from '@anxin/shared/assets/coupon-rules';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  findCouponOfOrder,
  insertCoupons,
  insertGiftCoupons,
  listActiveUnusedCoupons,
  listGiftCoupons,
  lockMemberCoupon,
  releaseCouponOfOrder,
  setCouponUsed,
} from './assets.repository.ts';
import type { CouponRow } from './assets.schema.ts';
import { couponUnusable, GIFT_PACK, type NewCoupon, rowOf, termsOf, toCoupon } from './coupons.rules.ts';

/** A coupon the settlement can use, with what it takes off this order. */
export type UsableCoupon = Coupon & { discount: number };

/**
 * The members' health subsidies. Reads and the operator's issue run on `db`; what happens inside an order's or
 * a new account's transaction takes that transaction as its first argument.
 */
export function createCouponService(db: Executor) {
  return {
    /** Issues one coupon to a member, valid from now for `days` days (the operator's `coupon` command). */
    async issue(memberId: number, coupon: NewCoupon, now: Date) {
      const [row] = await insertCoupons(db, [rowOf(memberId, coupon, now)]);
      return row as CouponRow;
    },

    /**
     * Gives a new member the gift pack, once: each coupon has its slot, unique per member, so a second call (a retry,
     * a race) issues nothing. Run inside the transaction that creates the member.
     */
    async issueGiftPack(executor: Executor, memberId: number, now: Date) {
      return insertGiftCoupons(
        executor,
        GIFT_PACK.map(({ slot, ...coupon }) => ({ ...rowOf(memberId, coupon, now), giftSlot: slot })),
      );
    },

    /** The member's gift pack with each coupon's state now; empty when the member never received one. */
    async readGiftPack(memberId: number, now: Date): Promise<GiftPack> {
      const rows = await listGiftCoupons(db, memberId, now);
      return {
        giftPacksCouponDTOS: rows.map(({ coupon, status }) => ({
          couponStatus: status,
          couponAmount: 1,
          couponValue: coupon.couponValue,
          couponType: coupon.couponType,
          minConsume: coupon.minConsume,
        })),
      };
    },

    /**
     * The member's coupons usable on these lines now (unused, active, not app-only, minimum spend and scope met),
     * the largest discount first, then the nearest expiry: the first is the one the page preselects.
     */
    async listUsable(memberId: number, lines: CouponOrderLine[], freight: number, now: Date): Promise<UsableCoupon[]> {
      const rows = await listActiveUnusedCoupons(db, memberId, now);
      return rows
        .flatMap((row) => {
          const discount = couponDiscount(termsOf(row), lines, freight);
          return discount === null ? [] : [{ ...toCoupon(row, '0'), discount }];
        })
        .sort((a, b) => b.discount - a.discount || a.expiredDate.localeCompare(b.expiredDate) || a.id - b.id);
    },

    /**
     * Inside the order's transaction: locks the member's coupon, checks it again (unused, active, not expired at
     * `now`, usable on these lines) and answers its discount; 409 该补贴不可用 otherwise (another member's coupon
     * too). Two orders using one coupon take turns on the lock, and the second finds it used.
     */
    async claim(
      tx: Transaction,
      memberId: number,
      couponId: number,
      lines: CouponOrderLine[],
      freight: number,
      now: Date,
    ) {
      const row = await lockMemberCoupon(tx, memberId, couponId);
      if (!row || row.usedAt || row.activeDate > now || row.expiredDate <= now) throw couponUnusable();
      const discount = couponDiscount(termsOf(row), lines, freight);
      if (discount === null) throw couponUnusable();
      return { coupon: row, discount };
    },

    /** Marks a claimed coupon used by the order. */
    markUsed(tx: Transaction, couponId: number, ordersCode: string, now: Date) {
      return setCouponUsed(tx, couponId, ordersCode, now);
    },

    /** Cancelling an unpaid order gives its coupon back while the coupon is still valid (else it stays used). */
    releaseOrderCoupon(tx: Executor, ordersCode: string, now: Date) {
      return releaseCouponOfOrder(tx, ordersCode, now);
    },

    /** The coupon an order used (a split order's stays marked with it), if any. */
    findUsedBy(executor: Executor, ordersCode: string) {
      return findCouponOfOrder(executor, ordersCode);
    },
  };
}
