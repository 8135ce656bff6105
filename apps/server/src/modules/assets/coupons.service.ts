import type { Coupon, CouponStatus, GiftPack } from '@anxin/shared/assets/assets.contract';
import type { Executor } from '../../db/client.ts';
import { insertCoupons, insertGiftCoupons, listGiftCoupons } from './assets.repository.ts';
import type { CouponRow } from './assets.schema.ts';

const DAY_MS = 86_400_000;

/** The reply shape of a coupon (B §3), its status computed by the caller's query. */
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

function rowOf(memberId: number, coupon: NewCoupon, now: Date, activeAt = now) {
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
 * The new-user gift pack (B §3 "New-user gift pack"): two ordinary subsidies and a freight subsidy, 30 days.
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
