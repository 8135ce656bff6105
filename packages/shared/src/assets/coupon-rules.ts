import { APP_ONLY_DEVICE_TYPE, type CouponScope } from './assets.contract.ts';

// Whether a coupon can be used on an order and what it takes off (issue 13). Pure: the settlement page shows
// the result, the server recomputes it when the order is placed and refuses a coupon that is not usable.

export type CouponTerms = {
  couponType: number;
  couponValue: number;
  minConsume: number;
  scope: CouponScope;
  scopeCodes: string[];
  deviceType: string | null;
};
export type CouponOrderLine = { productCode: string; classCode: string; lineTotal: number };

/** Product money of the lines the coupon's scope covers. */
export function moneyInScope(terms: Pick<CouponTerms, 'scope' | 'scopeCodes'>, lines: CouponOrderLine[]): number {
  const covers = (line: CouponOrderLine) =>
    terms.scope === 'all' ||
    (terms.scope === 'classCodes' && terms.scopeCodes.includes(line.classCode)) ||
    (terms.scope === 'productCodes' && terms.scopeCodes.includes(line.productCode));
  return lines.filter(covers).reduce((total, line) => total + line.lineTotal, 0);
}

/**
 * What the coupon takes off this order on the website, in cents, or null when it cannot be used: app-only
 * coupons never (this is the website); the product money in scope must reach the minimum spend (and be more than
 * 0); an ordinary subsidy takes at most that money, a freight subsidy at most the freight (none when free).
 */
export function couponDiscount(terms: CouponTerms, lines: CouponOrderLine[], freight: number): number | null {
  if (terms.deviceType === APP_ONLY_DEVICE_TYPE) return null;
  const money = moneyInScope(terms, lines);
  if (money <= 0 || money < terms.minConsume) return null;
  if (terms.couponType === 4) return freight > 0 ? Math.min(terms.couponValue, freight) : null;
  return Math.min(terms.couponValue, money);
}
