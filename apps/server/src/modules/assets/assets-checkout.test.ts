import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buyNow, createTestAddress, placeOrderFor } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { coupons } from './assets.schema.ts';
import { createCoinService } from './coins.service.ts';
import type { NewCoupon } from './coupons.rules.ts';
import { createCouponService } from './coupons.service.ts';

// Coupons at settlement (issue 13): the usable ones, best first; the server checks the chosen one again,
// records its discount as the order's couponValue, marks it used; cancelling the unpaid order gives it back.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** 1000101 costs ¥19.80: 3 of them are ¥59.40 of product money, with ¥10 freight. */
async function shopper() {
  const signed = await t.createSignedInMember();
  const address = await createTestAddress(t, signed.member.id);
  const now = t.clock.now();
  const issue = (values: NewCoupon) => createCouponService(t.db).issue(signed.member.id, values, now);
  return { ...signed, address, issue };
}
const couponRow = async (id: number) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0];

describe('coupons at settlement', () => {
  it('lists the usable coupons, the best first; app-only, too-high minimum and expired ones are left out', async () => {
    const { headers, issue } = await shopper();
    const small = await issue({ couponType: 1, couponValue: 300, minConsume: 0, days: 3 });
    const best = await issue({ couponType: 1, couponValue: 1000, minConsume: 5000, days: 30 });
    const freight = await issue({ couponType: 4, couponValue: 800, days: 30 });
    await issue({ couponType: 1, couponValue: 2000, minConsume: 10000, days: 30 });
    await issue({ couponType: 1, couponValue: 2000, minConsume: 0, days: 30, deviceType: '3' });
    await issue({ couponType: 1, couponValue: 2000, days: 30, scope: 'classCodes', scopeCodes: ['999999'] });
    const settlement = (await buyNow(t, headers, '1000101', 3)).json();
    expect(settlement).toMatchObject({ productMoney: 5940, freight: 1000, discount: 0, sum: 6940 });
    expect(settlement.coupons.map((c: { id: number; discount: number }) => [c.id, c.discount])).toEqual([
      [best.id, 1000],
      [freight.id, 800],
      [small.id, 300],
    ]);
  });

  it('places the order with the coupon: couponValue recorded, the sum recomputed, the coupon used', async () => {
    const { headers, address, issue, member } = await shopper();
    const coupon = await issue({ couponType: 1, couponValue: 1000, minConsume: 5000, days: 30 });
    const settlement = (await buyNow(t, headers, '1000101', 3)).json();
    const placed = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
      couponId: coupon.id,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().sum).toBe(5940 + 1000 - 1000);
    const [order] = await t.db.select().from(orders).where(eq(orders.memberId, member.id));
    expect(order).toMatchObject({ couponValue: 1000, sum: 5940 });
    expect(await couponRow(coupon.id)).toMatchObject({ usedOrderCode: order?.ordersCode });
    const counts = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/coupons/counts', headers });
    expect(counts.json()).toEqual({ '0': 0, '1': 1, '2': 0 });
  });

  it('a freight coupon pays freight only', async () => {
    const { headers, address, issue, member } = await shopper();
    const coupon = await issue({ couponType: 4, couponValue: 2000, days: 30 });
    const settlement = (await buyNow(t, headers, '1000101', 1)).json();
    const placed = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
      couponId: coupon.id,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.memberId, member.id));
    expect(order).toMatchObject({ productMoney: 1980, transportCosts: 1000, couponValue: 1000, sum: 1980 });
  });

  it('refuses a coupon that is not usable: another member’s, used, expired, below the minimum, app-only', async () => {
    const { headers, address, issue } = await shopper();
    const other = await shopper();
    const othersCoupon = await other.issue({ couponType: 1, couponValue: 100, days: 30 });
    const high = await issue({ couponType: 1, couponValue: 100, minConsume: 100000, days: 30 });
    const app = await issue({ couponType: 1, couponValue: 100, days: 30, deviceType: '3' });
    const soon = await issue({ couponType: 1, couponValue: 100, days: 1 });
    const used = await issue({ couponType: 1, couponValue: 100, days: 30 });
    await t.db.update(coupons).set({ usedAt: t.clock.now(), usedOrderCode: 'X' }).where(eq(coupons.id, used.id));
    const tryWith = async (couponId: number) => {
      const settlement = (await buyNow(t, headers, '1000101', 1)).json();
      return placeOrderFor(t, headers, {
        settlementId: settlement.settlementId,
        addressId: address.id,
        paymentType: 99,
        couponId,
      });
    };
    for (const coupon of [othersCoupon, high, app, used]) {
      const reply = await tryWith(coupon.id);
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(MSG.couponUnusable);
    }
    t.clock.advanceMinutes(24 * 60);
    const fresh = { authorization: (await t.signIn((await couponRow(soon.id))?.memberId as number)).authorization };
    const settlement = (await buyNow(t, fresh, '1000101', 1)).json();
    const expired = await placeOrderFor(t, fresh, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
      couponId: soon.id,
    });
    expect(expired.statusCode).toBe(409);
    expect((await placeOrderFor(t, fresh, { ...settlement, couponId: 0 })).statusCode).toBe(400);
  });

  it('one coupon, two parallel orders: one succeeds', async () => {
    const { headers, address, issue, member } = await shopper();
    const coupon = await issue({ couponType: 1, couponValue: 500, days: 30 });
    const first = (await buyNow(t, headers, '1000101', 1)).json();
    const second = (await buyNow(t, headers, '1000101', 1)).json();
    const replies = await Promise.all(
      [first, second].map((s) =>
        placeOrderFor(t, headers, {
          settlementId: s.settlementId,
          addressId: address.id,
          paymentType: 99,
          couponId: coupon.id,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const placed = await t.db.select().from(orders).where(eq(orders.memberId, member.id));
    expect(placed).toHaveLength(1);
  });

  it('cancelling the unpaid order gives the coupon back while it is valid', async () => {
    const { headers, address, issue } = await shopper();
    const coupon = await issue({ couponType: 1, couponValue: 500, days: 30 });
    const settlement = (await buyNow(t, headers, '1000101', 1)).json();
    const placed = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
      couponId: coupon.id,
    });
    const code = placed.json().ordersCode;
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/web-gateway/v3/orders/${code}/platformCancel`,
      headers: { ...headers, platform: 'PC' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await couponRow(coupon.id)).toMatchObject({ usedAt: null, usedOrderCode: null });
  });
});

describe('coins at settlement', () => {
  const earn = (memberId: number, amount: number) =>
    t.db.transaction((tx) => createCoinService(t.db).earn(tx, memberId, amount, '测试', null, t.clock.now()));

  it('shows the balance, pays with coins (100 = ¥1), records mallCoinMoney and the ledger entry', async () => {
    const { headers, address, member } = await shopper();
    await earn(member.id, 1500);
    const settlement = (await buyNow(t, headers, '1000101', 3)).json();
    expect(settlement.coinBalance).toBe(1500);
    const placed = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
      coins: 1200,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.memberId, member.id));
    expect(order).toMatchObject({ mallCoinMoney: 1200, sum: 5940 + 1000 - 1200 });
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(300);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/web-gateway/v3/orders/${order?.ordersCode}`,
      headers: { ...headers, platform: 'PC' },
    });
    expect(detail.json()).toMatchObject({ mallCoinMoney: 1200, sum: 5740 });
  });

  it('refuses more coins than the balance or than the product money after the coupon; nothing is written', async () => {
    const { headers, address, member, issue } = await shopper();
    await earn(member.id, 10000);
    const coupon = await issue({ couponType: 1, couponValue: 1000, minConsume: 0, days: 30 });
    const place = async (body: Record<string, unknown>) => {
      const settlement = (await buyNow(t, headers, '1000101', 3)).json();
      return placeOrderFor(t, headers, {
        settlementId: settlement.settlementId,
        addressId: address.id,
        paymentType: 99,
        ...body,
      });
    };
    const over = await place({ couponId: coupon.id, coins: 5940 - 1000 + 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(MSG.coinsOverCap);
    expect((await place({ coins: -1 })).statusCode).toBe(400);
    const poor = await shopper();
    await earn(poor.member.id, 100);
    const settlement = (await buyNow(t, poor.headers, '1000101', 1)).json();
    const broke = await placeOrderFor(t, poor.headers, {
      settlementId: settlement.settlementId,
      addressId: poor.address.id,
      paymentType: 99,
      coins: 101,
    });
    expect(broke.statusCode).toBe(409);
    expect(broke.json().message).toBe(MSG.coinsNotEnough);
    expect(await t.db.select().from(orders).where(eq(orders.memberId, poor.member.id))).toEqual([]);
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(10000);
    expect((await couponRow(coupon.id))?.usedAt).toBeNull();
    const exact = await place({ couponId: coupon.id, coins: 4940 });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().sum).toBe(1000);
  });

  it('cancelling the unpaid order gives the coins back, once', async () => {
    const { headers, address, member } = await shopper();
    await earn(member.id, 500);
    const settlement = (await buyNow(t, headers, '1000101', 1)).json();
    const placed = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
      coins: 500,
    });
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(0);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/web-gateway/v3/orders/${placed.json().ordersCode}/platformCancel`,
      headers: { ...headers, platform: 'PC' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(500);
    const again = await t.db.transaction((tx) =>
      createCoinService(t.db).returnOrderCoins(
        tx,
        { memberId: member.id, ordersCode: placed.json().ordersCode, mallCoinMoney: 500 },
        t.clock.now(),
        '订单取消退回',
      ),
    );
    expect(again).toBe(0);
  });

  it('the coin history names an order one way whoever wrote the entry: the spend at checkout and the give-back', async () => {
    const { headers, address, member } = await shopper();
    await earn(member.id, 500);
    const settlement = (await buyNow(t, headers, '1000101', 1)).json();
    const placed = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
      coins: 300,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const code = placed.json().ordersCode as string;
    t.clock.advanceMinutes(1);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/web-gateway/v3/orders/${code}/platformCancel`,
      headers: { ...headers, platform: 'PC' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/coins', headers });
    expect(
      page.json().content.map((e: { coinAmount: number; description: string }) => [e.coinAmount, e.description]),
    ).toEqual([
      [300, `订单取消退回（订单${code}）`],
      [-300, `订单抵扣（订单${code}）`],
      [500, '测试'],
    ]);
  });

  it('20 parallel orders spending the same coins: only the affordable ones are placed', async () => {
    const { headers, address, member } = await shopper();
    await earn(member.id, 1000);
    const settlements = await Promise.all(
      Array.from({ length: 20 }, async () => (await buyNow(t, headers, '1000101', 1)).json()),
    );
    const replies = await Promise.all(
      settlements.map((s) =>
        placeOrderFor(t, headers, { settlementId: s.settlementId, addressId: address.id, paymentType: 99, coins: 300 }),
      ),
    );
    expect(replies.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(17);
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(100);
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member.id))).toHaveLength(3);
  });
});

describe('coins earned', () => {
  it('1 per whole yuan paid when the member confirms receipt, and 20 for the review', async () => {
    const { createOrderService } = await import('../orders/orders.module.ts');
    const orderService = () => createOrderService({ db: t.db, clock: t.clock });
    const { headers, address, member } = await shopper();
    const settlement = (await buyNow(t, headers, '1000101', 3)).json();
    const placed = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
    });
    const code = placed.json().ordersCode as string;
    for (const event of ['pay', 'ship', 'deliver', 'confirmReceipt'] as const) {
      await t.db.transaction((tx) => orderService().applyOrderEvent(tx, code, event));
    }
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(69);
    await t.db.transaction((tx) => orderService().applyOrderEvent(tx, code, 'evaluate'));
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(89);
    const page = await t.app.inject({ method: 'GET', url: '/web-gateway/v2/coins', headers });
    expect(page.json().content.map((e: { description: string }) => e.description)).toEqual([
      `商品评价奖励（订单${code}）`,
      `订单完成奖励（订单${code}）`,
    ]);
  });
});
