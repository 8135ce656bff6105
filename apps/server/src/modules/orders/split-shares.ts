// How a split order's subsidy and coins are shared among its sub-orders (docs/ASSETS.md "A split order"):
// nothing is lost or added, so the sub-orders' sums add up to the order's sum.

/**
 * `total` spread over `weights` in proportion, in whole cents (largest remainders get the odd cents, the
 * earlier one on a tie). When `total` is at most the sum of the weights, no share exceeds its weight.
 */
export function spreadByWeight(total: number, weights: number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export type SplitShare = { transportCosts: number; couponValue: number; mallCoinMoney: number };

/**
 * The freight goes to the first sub-order, and with it a freight subsidy (it pays freight only). An ordinary
 * subsidy is shared in proportion to each sub-order's product money; the coins (which pay product money only)
 * in proportion to what is left of it after the subsidy.
 */
export function splitShares(
  order: { transportCosts: number; couponValue: number; mallCoinMoney: number; isFreightCoupon: boolean },
  productMoneys: number[],
): SplitShare[] {
  const freights = productMoneys.map((_, index) => (index === 0 ? order.transportCosts : 0));
  const coupons = order.isFreightCoupon
    ? productMoneys.map((_, index) => (index === 0 ? order.couponValue : 0))
    : spreadByWeight(order.couponValue, productMoneys);
  const productCoupons = order.isFreightCoupon ? productMoneys.map(() => 0) : coupons;
  const coins = spreadByWeight(
    order.mallCoinMoney,
    productMoneys.map((money, index) => money - productCoupons[index]!),
  );
  return productMoneys.map((_, index) => ({
    transportCosts: freights[index]!,
    couponValue: coupons[index]!,
    mallCoinMoney: coins[index]!,
  }));
}
