import { coinsEarnedFor, REVIEW_REWARD_COINS } from '@anxin/shared/assets/assets.contract';
import type { EventHandlers } from '../../platform/events.ts';
import type { OrderEvents } from '../orders/orders.module.ts';
import { orderCoinDescription } from './coins.rules.ts';
import { createCoinService } from './coins.service.ts';
import { createCouponService } from './coupons.service.ts';

/**
 * What the member's assets do when an order moves, in the move's transaction (so exactly once): a cancelled
 * unpaid order gives its subsidy back while it is still valid, and its coins; a completed refund gives the
 * subsidy (still valid, not a sub-order's) and the coins back; a confirmed receipt and a review earn coins.
 */
export const assetsOnOrderEvents: EventHandlers<OrderEvents> = {
  async cancelled(tx, { order, now, couponFreedOf }) {
    if (couponFreedOf) await createCouponService(tx).releaseOrderCoupon(tx, couponFreedOf, now);
    await createCoinService(tx).returnOrderCoins(tx, order, now, '订单取消退回');
  },
  async refunded(tx, { order, now }) {
    // The whole order's money went back: its subsidy too, while still valid (docs/AFTERSALE.md). A sub-order's
    // stays with its parent, which other sub-orders still use.
    if (!order.parentOrderCode) await createCouponService(tx).releaseOrderCoupon(tx, order.ordersCode, now);
    await createCoinService(tx).returnOrderCoins(tx, order, now, '订单退款退回');
  },
  async received(tx, { order, now }) {
    const earned = coinsEarnedFor(order.sum);
    if (earned === 0) return;
    const description = orderCoinDescription('订单完成奖励', order.ordersCode);
    await createCoinService(tx).earn(tx, order.memberId, earned, description, order.ordersCode, now);
  },
  async reviewed(tx, { order, now }) {
    const description = orderCoinDescription('商品评价奖励', order.ordersCode);
    await createCoinService(tx).earn(tx, order.memberId, REVIEW_REWARD_COINS, description, order.ordersCode, now);
  },
};
