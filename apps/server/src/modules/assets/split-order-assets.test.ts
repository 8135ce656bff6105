import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestAddress, placeOrderFor } from '../checkout/shop-fixtures.ts';
import { createOrderService, orders } from '../orders/orders.module.ts';
import { coupons } from './assets.schema.ts';
import { createCoinService } from './coins.service.ts';
import { createCouponService } from './coupons.service.ts';

// A split order's subsidy and coins (docs/ASSETS.md "A split order"): shared so the sub-orders' sums add up to
// the order's; a cancelled sub-order gives back its own coins; the subsidy comes back with the last one.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The order moves the tests drive directly, on the test app's database and clock. */
const orderService = () => createOrderService({ db: t.db, clock: t.clock });

type Headers = Record<string, string>;
const cancel = (headers: Headers, ordersCode: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/web-gateway/v3/orders/${ordersCode}/platformCancel`,
    headers: { ...headers, platform: 'PC' },
  });

/** ¥19.80 + ¥199.00 of products (free freight), ¥20 off with a 满99减20 subsidy and ¥50 of coins, then split. */
async function splitOrderWithCouponAndCoins() {
  const { member, headers } = await t.createSignedInMember();
  const address = await createTestAddress(t, member.id);
  await t.db.transaction((tx) => createCoinService(t.db).earn(tx, member.id, 6000, '测试', null, t.clock.now()));
  const coupon = await createCouponService(t.db).issue(
    member.id,
    { couponType: 1, couponValue: 2000, minConsume: 9900, days: 30 },
    t.clock.now(),
  );
  await t.app.inject({
    method: 'POST',
    url: '/web-gateway/v2/memberShopCarts/items',
    headers,
    payload: [
      { productCode: '1000101', num: 1 },
      { productCode: '3000103', num: 1 },
    ],
  });
  const settlement = (await t.app.inject({ method: 'POST', url: '/web-gateway/v2/settle/cart', headers })).json();
  const placed = await placeOrderFor(t, headers, {
    settlementId: settlement.settlementId,
    addressId: address.id,
    paymentType: 99,
    couponId: coupon.id,
    coins: 5000,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const parent = placed.json() as { ordersCode: string; sum: number };
  expect(parent.sum).toBe(1980 + 19900 - 2000 - 5000);
  const children = await t.db.transaction((tx) =>
    orderService().splitOrder(tx, parent.ordersCode, [['1000101'], ['3000103']]),
  );
  return { member, headers, coupon, parent, children };
}

describe('a split order with a subsidy and coins', () => {
  it('shares them so the sub-orders’ sums add up to the order’s, none above its own product money', async () => {
    const { parent, children } = await splitOrderWithCouponAndCoins();
    expect(children.reduce((total, child) => total + child.sum, 0)).toBe(parent.sum);
    expect(children.reduce((total, child) => total + child.couponValue, 0)).toBe(2000);
    expect(children.reduce((total, child) => total + child.mallCoinMoney, 0)).toBe(5000);
    for (const child of children) {
      expect(child.couponValue + child.mallCoinMoney).toBeLessThanOrEqual(child.productMoney);
      expect(child.sum).toBe(child.productMoney + child.transportCosts - child.couponValue - child.mallCoinMoney);
    }
    // In proportion: the ¥19.80 sub-order carries about 9 % of each.
    expect(children[0]).toMatchObject({ productMoney: 1980, couponValue: 181, mallCoinMoney: 452 });
  });

  it('gives back each cancelled sub-order’s coins once, and the subsidy with the last sub-order', async () => {
    const { member, headers, coupon, children } = await splitOrderWithCouponAndCoins();
    const [first, second] = children as [(typeof children)[0], (typeof children)[0]];
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(1000);

    expect((await cancel(headers, first.ordersCode)).statusCode).toBe(200);
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(1000 + first.mallCoinMoney);
    const [stillUsed] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(stillUsed?.usedAt).not.toBeNull();
    expect((await cancel(headers, first.ordersCode)).statusCode).toBe(409);

    expect((await cancel(headers, second.ordersCode)).statusCode).toBe(200);
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(6000);
    const [freed] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(freed).toMatchObject({ usedAt: null, usedOrderCode: null });
    const [frozen] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.ordersCode, first.parentOrderCode ?? ''));
    expect(frozen?.isSplit).toBe(true);
  });
});
