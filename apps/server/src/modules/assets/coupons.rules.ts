import type { Coupon, CouponStatus } from '@anxin/shared/assets/assets.contract';
import { MSG } from '@anxin/shared/common/messages';
import { AppError } from '../../platform/errors.ts';
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

/** What a coupon of these terms says, the defaults filled in (no minimum, the whole mall, the type's range). */
export function couponTermsOf(coupon: NewCoupon) {
  return {
    couponType: coupon.couponType,
    couponValue: coupon.couponValue,
    minConsume: coupon.minConsume ?? 0,
    usingRange: coupon.usingRange ?? defaultRange(coupon),
    scope: coupon.scope ?? 'all',
    scopeCodes: coupon.scopeCodes ?? [],
    deviceType: coupon.deviceType ?? null,
  };
}

/** The row of a coupon issued to a member now, valid from `activeAt` for `coupon.days` days. */
export function rowOf(memberId: number, coupon: NewCoupon, now: Date, activeAt = now) {
  return {
    memberId,
    ...couponTermsOf(coupon),
    activeDate: activeAt,
    expiredDate: new Date(activeAt.getTime() + coupon.days * DAY_MS),
    createdAt: now,
  };
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

export const termsOf = (row: CouponRow) => ({
  couponType: row.couponType,
  couponValue: row.couponValue,
  minConsume: row.minConsume,
  scope: row.scope as Coupon['scope'],
  scopeCodes: row.scopeCodes,
  deviceType: row.deviceType,
});

export const couponUnusable = () => new AppError(409, 'COUPON_UNUSABLE', MSG.couponUnusable);
