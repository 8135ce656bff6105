// What an after-sale request gives back (docs/AFTERSALE.md), computed by the server only: the lines' paid share
// after the coupon, the freight only when nothing was shipped or the whole order goes back, split between the
// payment method and the health coins as the order was paid. The request that returns the last of the order
// takes exactly what the earlier ones left, so an order fully returned gives back exactly what was paid, and
// rounding never gives back more.
import { COINS_PER_YUAN } from '@anxin/shared/assets/assets.contract';

export type OrderMoney = {
  productMoney: number;
  transportCosts: number;
  couponValue: number;
  isFreightCoupon: boolean;
  mallCoinMoney: number;
  /** Cents paid through the payment method. */
  sum: number;
};

/** An order line as the rule sees it: what a piece cost, how many were bought, how many are already taken. */
export type LineMoney = {
  id: number;
  amount: number;
  actualPrice: number;
  /** Pieces held by open requests plus pieces refunded, before this request. */
  taken: number;
  /** A gift or prize: never refunded, not part of the whole. */
  isFree: boolean;
};

/** An earlier request of the order that still counts (open, or refunded): what it was computed to give back. */
export type EarlierRefund = { refundAmount: number; refundCoins: number; freightAmount: number };

export type RefundQuote = { refundAmount: number; refundCoins: number; freightAmount: number; isWholeOrder: boolean };

const coinsOfCents = (cents: number) => Math.floor((cents * COINS_PER_YUAN) / 100);
const centsOfCoins = (coins: number) => Math.floor((coins * 100) / COINS_PER_YUAN);

export function quoteRefund(input: {
  order: OrderMoney;
  lines: readonly LineMoney[];
  asked: ReadonlyMap<number, number>;
  isUnshipped: boolean;
  earlier: readonly EarlierRefund[];
}): RefundQuote {
  const { order, lines, asked, isUnshipped, earlier } = input;
  const coinCents = order.mallCoinMoney;
  // The value the member paid, in money and coins; the freight's part of it after a freight subsidy.
  const paidValue = order.sum + coinCents;
  const freightCoupon = order.isFreightCoupon ? Math.min(order.couponValue, order.transportCosts) : 0;
  const freightValue = Math.min(order.transportCosts - freightCoupon, paidValue);
  const goodsValue = paidValue - freightValue;

  const earlierCash = earlier.reduce((total, item) => total + item.refundAmount, 0);
  const earlierCoinCents = earlier.reduce((total, item) => total + centsOfCoins(item.refundCoins), 0);
  const earlierFreight = earlier.reduce((total, item) => total + item.freightAmount, 0);
  const cashLeft = Math.max(0, order.sum - earlierCash);
  const coinCentsLeft = Math.max(0, coinCents - earlierCoinCents);

  const isWholeOrder = lines
    .filter((line) => !line.isFree)
    .every((line) => line.taken + (asked.get(line.id) ?? 0) === line.amount);

  if (isWholeOrder) {
    return {
      refundAmount: cashLeft,
      refundCoins: coinsOfCents(coinCentsLeft),
      freightAmount: Math.max(0, freightValue - earlierFreight),
      isWholeOrder,
    };
  }

  const askedMoney = lines.reduce((total, line) => total + line.actualPrice * (asked.get(line.id) ?? 0), 0);
  const goodsShare = order.productMoney > 0 ? Math.floor((goodsValue * askedMoney) / order.productMoney) : 0;
  const freightAmount = isUnshipped && earlierFreight === 0 ? freightValue : 0;
  const value = goodsShare + freightAmount;
  const coinPart = Math.min(coinCentsLeft, paidValue > 0 ? Math.floor((value * coinCents) / paidValue) : 0);
  return {
    refundAmount: Math.min(cashLeft, value - coinPart),
    refundCoins: coinsOfCents(coinPart),
    freightAmount,
    isWholeOrder,
  };
}
