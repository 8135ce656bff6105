import type { Database } from '../../db/client.ts';
import { insertReferenceCouponTemplates } from './assets.repository.ts';
import { couponTermsOf, type NewCoupon } from './coupons.rules.ts';

/**
 * The campaign templates every install has (`npm run ops -- coupon-batch <code>`). Operators add their own in the
 * console; these are added once by code and never overwritten, so an operator's install keeps what it issued by.
 */
export const REFERENCE_COUPON_TEMPLATES: readonly (NewCoupon & { code: string; title: string })[] = [
  { code: 'freight-10', title: '运费补贴¥10', couponType: 4, couponValue: 1000, days: 30 },
  { code: 'spend-99-10', title: '满99减10', couponType: 1, couponValue: 1000, minConsume: 9900, days: 30 },
  { code: 'spend-199-30', title: '满199减30', couponType: 1, couponValue: 3000, minConsume: 19900, days: 30 },
  {
    code: 'chronic-20',
    title: '慢病用药满99减20',
    couponType: 1,
    couponValue: 2000,
    minConsume: 9900,
    days: 60,
    usingRange: '仅限慢病用药',
    scope: 'classCodes',
    scopeCodes: ['200401'],
  },
];

/** A template's row: its code, name, days and the terms its coupons get. */
export function templateRowOf({ code, title, days, ...coupon }: NewCoupon & { code: string; title: string }) {
  const { deviceType, ...terms } = couponTermsOf({ ...coupon, days });
  return { code, title, days, ...terms };
}

export const loadReferenceCouponTemplates = (db: Database) =>
  insertReferenceCouponTemplates(db, REFERENCE_COUPON_TEMPLATES.map(templateRowOf));
