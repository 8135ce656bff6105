import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEMO_MEMBER, findMemberByPhone } from '../account/account.module.ts';
import { orders } from '../orders/orders.module.ts';
import { countCoinEntriesNamed, countNonGiftCoupons, insertCoinEntry, insertCoupons } from './assets.repository.ts';
import { type OrderCoinReason, orderCoinDescription } from './coins.rules.ts';
import type { NewCoupon } from './coupons.rules.ts';
import { createCouponService } from './coupons.service.ts';

const DAY_MS = 86_400_000;
/** The demo coin history's first entry: its marker. */
const FIRST_ENTRY = '新人注册奖励';

/** Eight unused (one freight, one app-only, one class-scoped, one product-scoped), so the 6-a-page list pages. */
const UNUSED: NewCoupon[] = [
  { couponType: 1, couponValue: 2000, minConsume: 19900, days: 20 },
  { couponType: 1, couponValue: 1000, minConsume: 9900, days: 25 },
  { couponType: 4, couponValue: 800, minConsume: 0, days: 30 },
  { couponType: 1, couponValue: 500, minConsume: 5900, days: 22, deviceType: '3', usingRange: '全场通用，仅限APP' },
  {
    couponType: 1,
    couponValue: 1500,
    minConsume: 12900,
    days: 40,
    scope: 'classCodes',
    scopeCodes: ['cold'],
    usingRange: '限感冒用药类商品',
  },
  { couponType: 1, couponValue: 300, minConsume: 3900, days: 45 },
  { couponType: 1, couponValue: 5000, minConsume: 39900, days: 50 },
  {
    couponType: 1,
    couponValue: 800,
    minConsume: 6900,
    days: 60,
    scope: 'productCodes',
    scopeCodes: ['P1001', 'P1002'],
    usingRange: '限指定商品',
  },
];

/**
 * The demo member's coupons in all three states and a coin history of 14 entries naming its orders, plus the
 * new-user gift pack. Left alone once the member has any coupon outside the pack or any coin entry (idempotent,
 * keeps what a visitor did).
 */
export async function seedDemoAssets(db: Database, clock: Clock) {
  const member = await findMemberByPhone(db, DEMO_MEMBER.phone);
  if (!member) return;
  const now = clock.now();
  await createCouponService(db).issueGiftPack(db, member.id, now);
  // Coupons beyond the pack come only from here and the operator; order events may already have written coins
  // (other modules' seeds move demo orders), so the coin history has its own marker, its first entry.
  const hasCoupons = (await countNonGiftCoupons(db, member.id)) > 0;
  const hasHistory = (await countCoinEntriesNamed(db, member.id, FIRST_ENTRY)) > 0;
  if (hasCoupons && hasHistory) return;

  const codes = (
    await db
      .select({ code: orders.ordersCode })
      .from(orders)
      .where(eq(orders.memberId, member.id))
      .orderBy(asc(orders.creationDate))
      .limit(8)
  ).map((row) => row.code);
  const orderCode = (index: number) => codes[index % Math.max(codes.length, 1)] ?? null;
  // Used coupons name received orders (closed: a cancel can never give them back).
  const closedCodes = (
    await db
      .select({ code: orders.ordersCode })
      .from(orders)
      .where(and(eq(orders.memberId, member.id), inArray(orders.orderType, ['waitEvaluate', 'completeTransaction'])))
      .orderBy(asc(orders.creationDate))
      .limit(3)
  ).map((row) => row.code);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

  await db.transaction(async (tx) => {
    if (hasCoupons) return;
    const rows = UNUSED.map((coupon, index) => ({
      memberId: member.id,
      couponType: coupon.couponType,
      couponValue: coupon.couponValue,
      minConsume: coupon.minConsume ?? 0,
      usingRange: coupon.usingRange ?? (coupon.couponType === 4 ? '运费补贴，仅抵扣运费' : '全场通用'),
      scope: coupon.scope ?? 'all',
      scopeCodes: coupon.scopeCodes ?? [],
      deviceType: coupon.deviceType ?? null,
      activeDate: ago(10 + index),
      expiredDate: new Date(now.getTime() + coupon.days * DAY_MS),
      createdAt: ago(10 + index),
    }));
    // Three used (naming demo orders) and three expired.
    for (const [index, value] of [1000, 500, 800].entries()) {
      rows.push({
        ...rows[0],
        couponType: index === 2 ? 4 : 1,
        couponValue: value,
        minConsume: index === 2 ? 0 : value * 10 - 100,
        usingRange: index === 2 ? '运费补贴，仅抵扣运费' : '全场通用',
        activeDate: ago(60),
        expiredDate: new Date(now.getTime() + 30 * DAY_MS),
        createdAt: ago(60),
        ...{ usedAt: ago(20 + index * 5), usedOrderCode: closedCodes[index] ?? `DEMO${index}` },
      } as (typeof rows)[number]);
    }
    for (const [index, value] of [1000, 200, 600].entries()) {
      rows.push({
        ...rows[0],
        couponValue: value,
        minConsume: value * 10 - 100,
        activeDate: ago(90 + index * 10),
        expiredDate: ago(30 + index * 10),
        createdAt: ago(90 + index * 10),
      });
    }
    await insertCoupons(tx, rows);
  });
  if (hasHistory) return;
  await db.transaction(async (tx) => {
    type HistoryEntry = { amount: number; days: number } & (
      | { description: string }
      | { reason: OrderCoinReason; order: number }
    );
    const history: HistoryEntry[] = [
      { amount: 500, description: FIRST_ENTRY, days: 80 },
      { amount: 200, reason: '订单完成奖励', days: 70, order: 0 },
      { amount: 50, reason: '商品评价奖励', days: 68, order: 0 },
      { amount: -300, reason: '订单抵扣', days: 60, order: 1 },
      { amount: 300, reason: '订单完成奖励', days: 55, order: 1 },
      { amount: 50, reason: '商品评价奖励', days: 50, order: 1 },
      { amount: 150, reason: '订单完成奖励', days: 45, order: 2 },
      { amount: -200, reason: '订单抵扣', days: 40, order: 3 },
      { amount: 200, reason: '订单取消退回', days: 39, order: 3 },
      { amount: 120, reason: '订单完成奖励', days: 30, order: 4 },
      { amount: 50, reason: '商品评价奖励', days: 25, order: 4 },
      { amount: -100, reason: '订单抵扣', days: 15, order: 5 },
      { amount: 260, reason: '订单完成奖励', days: 10, order: 5 },
      { amount: 80, reason: '订单完成奖励', days: 3, order: 6 },
    ];
    for (const entry of history) {
      const code = 'reason' in entry ? orderCode(entry.order) : null;
      let description = 'reason' in entry ? entry.reason : entry.description;
      if ('reason' in entry && code) description = orderCoinDescription(entry.reason, code);
      await insertCoinEntry(tx, {
        memberId: member.id,
        amount: entry.amount,
        description,
        orderCode: code,
        createdAt: ago(entry.days),
      });
    }
  });
}
