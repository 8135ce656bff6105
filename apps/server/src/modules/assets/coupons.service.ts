import type { Coupon, CouponStatus, GiftPack } from '@anxin/shared/assets/assets.contract';
import { type CouponOrderLine, couponDiscount } from '@anxin/shared/assets/coupon-rules';
import { MSG } from '@anxin/shared/common/messages';
import type { Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
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

const DAY_MS = 86_400_000;

/** The reply shape of a coupon, its status computed by the caller's query. */
export function toCoupon(row: CouponRow, status: CouponStatus): Coupon {
  return {
    id: row.id,
    couponType: row.couponType,
    couponValue: row.couponValue,
    minConsume: row.minConsume,
    usingRange: row.usingRange,
    scope: row.scope as Coupon['scope'],
    scopeCodes: row.scopeCodes,
    deviceType: row.deviceType,
    status,
    activeDate: row.activeDate.toISOString(),
    expiredDate: row.expiredDate.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    usedOrderCode: row.usedOrderCode,
  };
}

/** The status of a row read without the SQL expression (just inserted): same rule as `couponStatusSql`. */
export function statusAt(row: CouponRow, now: Date): CouponStatus {
  if (row.usedAt) return '1';
  return row.expiredDate.getTime() <= now.getTime() ? '2' : '0';
}

export type NewCoupon = {
  couponType: 1 | 4;
  couponValue: number;
  minConsume?: number;
  days: number;
  usingRange?: string;
  scope?: 'all' | 'classCodes' | 'productCodes';
  scopeCodes?: string[];
  deviceType?: string | null;
};

const defaultRange = (coupon: NewCoupon) => (coupon.couponType === 4 ? '运费补贴，仅抵扣运费' : '全场通用');

/** The row of a coupon issued to a member now, valid from `activeAt` for `coupon.days` days. */
export function rowOf(memberId: number, coupon: NewCoupon, now: Date, activeAt = now) {
  return {
    memberId,
    couponType: coupon.couponType,
    couponValue: coupon.couponValue,
    minConsume: coupon.minConsume ?? 0,
    usingRange: coupon.usingRange ?? defaultRange(coupon),
    scope: coupon.scope ?? 'all',
    scopeCodes: coupon.scopeCodes ?? [],
    deviceType: coupon.deviceType ?? null,
    activeDate: activeAt,
    expiredDate: new Date(activeAt.getTime() + coupon.days * DAY_MS),
    createdAt: now,
  };
}

/** Issues one coupon to a member, valid from now for `days` days (the operator's `coupon` command). */
export async function issueCoupon(db: Executor, memberId: number, coupon: NewCoupon, now: Date) {
  const [row] = await insertCoupons(db, [rowOf(memberId, coupon, now)]);
  return row as CouponRow;
}

/**
 * The new-user gift pack: two ordinary subsidies and a freight subsidy, 30 days.
 * Changing it changes what new members get from now on; members who have theirs keep them.
 */
export const GIFT_PACK: readonly (NewCoupon & { slot: number })[] = [
  { slot: 1, couponType: 1, couponValue: 1000, minConsume: 9900, days: 30, usingRange: '新人专享，全场通用' },
  { slot: 2, couponType: 1, couponValue: 500, minConsume: 4900, days: 30, usingRange: '新人专享，全场通用' },
  { slot: 3, couponType: 4, couponValue: 1000, minConsume: 0, days: 30, usingRange: '新人专享，仅抵扣运费' },
];

/**
 * Gives a new member the gift pack, once: each coupon has its slot, unique per member, so a second call (a retry,
 * a race) issues nothing. Run inside the transaction that creates the member.
 */
export async function issueGiftPack(db: Executor, memberId: number, now: Date) {
  return insertGiftCoupons(
    db,
    GIFT_PACK.map(({ slot, ...coupon }) => ({ ...rowOf(memberId, coupon, now), giftSlot: slot })),
  );
}

/** The member's gift pack with each coupon's state now; empty when the member never received one. */
export async function readGiftPack(db: Executor, memberId: number, now: Date): Promise<GiftPack> {
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
}

// ── Coupons at settlement (issue 13) ────────────────────────────────────────────────────────────────────

/** A coupon the settlement can use, with what it takes off this order. */
export type UsableCoupon = Coupon & { discount: number };

/**
 * The member's coupons usable on these lines now (unused, active, not app-only, minimum spend and scope met),
 * the largest discount first, then the nearest expiry: the first is the one the page preselects.
 */
export async function listUsableCoupons(
  db: Executor,
  memberId: number,
  lines: CouponOrderLine[],
  freight: number,
  now: Date,
): Promise<UsableCoupon[]> {
  const rows = await listActiveUnusedCoupons(db, memberId, now);
  return rows
    .flatMap((row) => {
      const discount = couponDiscount(termsOf(row), lines, freight);
      return discount === null ? [] : [{ ...toCoupon(row, '0'), discount }];
    })
    .sort((a, b) => b.discount - a.discount || a.expiredDate.localeCompare(b.expiredDate) || a.id - b.id);
}

const termsOf = (row: CouponRow) => ({
  couponType: row.couponType,
  couponValue: row.couponValue,
  minConsume: row.minConsume,
  scope: row.scope as Coupon['scope'],
  scopeCodes: row.scopeCodes,
  deviceType: row.deviceType,
});

export const couponUnusable = () => new AppError(409, 'COUPON_UNUSABLE', MSG.couponUnusable);

/**
 * Inside the order's transaction: locks the member's coupon, checks it again (unused, active, not expired at
 * `now`, usable on these lines) and answers its discount; 409 该补贴不可用 otherwise (another member's coupon
 * too). Two orders using one coupon take turns on the lock, and the second finds it used.
 */
export async function claimCoupon(
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
}

/** Marks a claimed coupon used by the order. */
export const markCouponUsed = (tx: Transaction, couponId: number, ordersCode: string, now: Date) =>
  setCouponUsed(tx, couponId, ordersCode, now);

/** Cancelling an unpaid order gives its coupon back while the coupon is still valid (else it stays used). */
export const releaseOrderCoupon = (tx: Executor, ordersCode: string, now: Date) =>
  releaseCouponOfOrder(tx, ordersCode, now);

/** The coupon an order used (a split order's stays marked with it), if any. */
export const findCouponUsedBy = (db: Executor, ordersCode: string) => findCouponOfOrder(db, ordersCode);
