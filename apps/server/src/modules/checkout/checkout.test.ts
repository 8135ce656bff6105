import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderLines, orders } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { settlements } from './checkout.schema.ts';
import { buyNow, createTestAddress, placeOrderFor } from './shop-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const addToCart = (headers: Headers, items: { productCode: string; num: number }[]) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/v2/memberShopCarts/items', headers, payload: items });
const settleCart = (headers: Headers) => t.app.inject({ method: 'POST', url: '/web-gateway/v2/settle/cart', headers });
const getSettlement = (headers: Headers, id: string) =>
  t.app.inject({ method: 'GET', url: `/web-gateway/v2/settle/${id}`, headers });
const ordersOf = (memberId: number) => t.db.select().from(orders).where(eq(orders.memberId, memberId));
const cartOf = async (memberId: number) =>
  (await t.db.select().from(cartItems).where(eq(cartItems.memberId, memberId))).map((row) => row.productCode).sort();

describe('POST /v2/settle/buyNow', () => {
  it('answers a settlement with product money, freight ¥10 under ¥99, no discount and the sum', async () => {
    const { headers } = await t.createSignedInMember();
    const reply = await buyNow(t, headers, '1000101', 2);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      source: 'buyNow',
      items: [{ productCode: '1000101', quantity: 2, price: 1980, lineTotal: 3960 }],
      productMoney: 3960,
      freight: 1000,
      discount: 0,
      sum: 4960,
      isRxDrug: false,
    });
    const same = await getSettlement(headers, reply.json().settlementId);
    expect(same.statusCode).toBe(200);
    expect(same.json().sum).toBe(4960);
  });

  it('is free of freight from ¥99 and marks a prescription product', async () => {
    const { headers } = await t.createSignedInMember();
    const free = (await buyNow(t, headers, '1000101', 5)).json();
    expect(free).toMatchObject({ productMoney: 9900, freight: 0, sum: 9900 });
    const rx = (await buyNow(t, headers, '1000401')).json();
    expect(rx).toMatchObject({ isRxDrug: true, freight: 1000 });
  });

  it('refuses bad input, unknown and out-of-stock products, and visitors', async () => {
    const { member, headers } = await t.createSignedInMember();
    const bad = await buyNow(t, headers, '1000101', 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('商品数量为1-99件');
    expect((await buyNow(t, headers, 'x')).statusCode).toBe(400);
    expect((await buyNow(t, headers, '9999999')).statusCode).toBe(404);
    const out = await buyNow(t, headers, '1000109');
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('该商品已缺货，暂时无法购买');
    expect((await buyNow(t, {}, '1000101')).statusCode).toBe(401);
    expect(await t.db.select().from(settlements).where(eq(settlements.memberId, member.id))).toEqual([]);
  });
});

describe('POST /v2/settle/cart and GET /v2/settle/:id', () => {
  it('takes the ticked lines in stock, refuses an empty choice', async () => {
    const { headers } = await t.createSignedInMember();
    expect((await settleCart(headers)).json().message).toBe('请选择要结算的商品');
    await addToCart(headers, [
      { productCode: '1000101', num: 1 },
      { productCode: '1000301', num: 2 },
      { productCode: '1000201', num: 1 },
    ]);
    await t.app.inject({
      method: 'PUT',
      url: '/web-gateway/v2/memberShopCarts/items/1000201',
      headers,
      payload: { selected: false },
    });
    const reply = await settleCart(headers);
    expect(reply.statusCode).toBe(201);
    const codes = reply
      .json()
      .items.map((line: { productCode: string }) => line.productCode)
      .sort();
    expect(codes).toEqual(['1000101', '1000301']);
    expect(reply.json()).toMatchObject({ source: 'cart', productMoney: 1980 + 1180 });
  });

  it('answers 404 for another member’s settlement and 410 once it has expired', async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const { settlementId } = (await buyNow(t, owner.headers, '1000101')).json();
    expect((await getSettlement(other.headers, settlementId)).statusCode).toBe(404);
    expect((await getSettlement(owner.headers, 'not-a-uuid')).statusCode).toBe(400);
    t.clock.advanceMinutes(121);
    const session = await t.signIn(owner.member.id);
    const expired = await getSettlement({ authorization: session.authorization }, settlementId);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('结算信息已失效，请重新下单');
  });
});

describe('POST /v2/orders', () => {
  it('places an online order in waitPay with its deadline, line snapshots, and takes the bought lines out of the cart', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = await createTestAddress(t, member.id);
    await addToCart(headers, [
      { productCode: '1000101', num: 2 },
      { productCode: '3000103', num: 1 },
      { productCode: '1000201', num: 1 },
    ]);
    await t.app.inject({
      method: 'PUT',
      url: '/web-gateway/v2/memberShopCarts/items/1000201',
      headers,
      payload: { selected: false },
    });
    const { settlementId } = (await settleCart(headers)).json();
    const before = t.clock.now().getTime();
    const reply = await placeOrderFor(t, headers, { settlementId, addressId: address.id, paymentType: 99 });
    expect(reply.statusCode).toBe(201);
    const placed = reply.json();
    expect(placed).toMatchObject({ orderType: 'waitPay', orderStatus: 20, sum: 3960 + 19900, isRxDrug: false });
    const deadline = new Date(placed.payDeadline).getTime();
    expect(deadline - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(deadline - before).toBeLessThanOrEqual(30 * 60_000 + 5000);

    const [row] = await ordersOf(member.id);
    expect(row).toMatchObject({
      ordersCode: placed.ordersCode,
      consignee: '张三',
      consigneePhone: '13912345678',
      deliveryAddress: '广东省深圳市南山区南头街道深南大道1001号3栋502',
      productMoney: 23860,
      transportCosts: 0,
      paymentType: 99,
      paySource: 'PC',
    });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(lines.map((line) => [line.productCode, line.amount, line.actualPrice]).sort()).toEqual([
      ['1000101', 2, 1980],
      ['3000103', 1, 19900],
    ]);
    expect(lines[0]!.productImageUrl).toMatch(/^\/web-gateway\/v2\/products\/\d{7}\/image\.svg$/);
    expect(await cartOf(member.id)).toEqual(['1000201']);

    const again = await placeOrderFor(t, headers, { settlementId, addressId: address.id, paymentType: 99 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('订单已提交，请勿重复提交');
    expect(await ordersOf(member.id)).toHaveLength(1);
  });

  it('takes the prices from the catalogue at that moment, never from the page', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = await createTestAddress(t, member.id);
    const { settlementId } = (await buyNow(t, headers, '1000102', 2)).json();
    await t.db.update(products).set({ price: 2800 }).where(eq(products.productCode, '1000102'));
    const reply = await placeOrderFor(t, headers, {
      settlementId,
      addressId: address.id,
      paymentType: 99,
      sum: 1,
      productMoney: 1,
      transportCosts: 0,
      items: [{ productCode: '1000102', quantity: 2, price: 1 }],
    });
    await t.db.update(products).set({ price: 2650 }).where(eq(products.productCode, '1000102'));
    expect(reply.statusCode).toBe(201);
    expect(reply.json().sum).toBe(5600 + 1000);
    const [row] = await ordersOf(member.id);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(line).toMatchObject({ actualPrice: 2800, amount: 2 });
  });

  it('starts cash on delivery in waitDelivery and a prescription order in waitAudit', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = await createTestAddress(t, member.id);
    const cod = (await buyNow(t, headers, '1000301')).json();
    const codOrder = await placeOrderFor(t, headers, {
      settlementId: cod.settlementId,
      addressId: address.id,
      paymentType: 1,
    });
    expect(codOrder.json()).toMatchObject({ orderType: 'waitDelivery', orderStatus: 30, payDeadline: null });
    const rx = (await buyNow(t, headers, '1000601')).json();
    const rxOrder = await placeOrderFor(t, headers, {
      settlementId: rx.settlementId,
      addressId: address.id,
      paymentType: 99,
    });
    expect(rxOrder.json()).toMatchObject({ orderType: 'waitAudit', orderStatus: 10, isRxDrug: true });
  });

  it('refuses bad input, another member’s address and settlement, with nothing written', async () => {
    const { member, headers } = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    const otherAddress = await createTestAddress(t, other.member.id);
    const address = await createTestAddress(t, member.id);
    const { settlementId } = (await buyNow(t, headers, '1000101')).json();

    const badType = await placeOrderFor(t, headers, { settlementId, addressId: address.id, paymentType: 4 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('请选择支付方式');
    const noAddress = await placeOrderFor(t, headers, { settlementId, paymentType: 99 } as never);
    expect(noAddress.json().message).toBe('请选择收货地址');
    const foreignAddress = await placeOrderFor(t, headers, {
      settlementId,
      addressId: otherAddress.id,
      paymentType: 99,
    });
    expect(foreignAddress.statusCode).toBe(400);
    expect(foreignAddress.json().message).toBe('请选择收货地址');
    const foreignSettlement = await placeOrderFor(t, other.headers, {
      settlementId,
      addressId: otherAddress.id,
      paymentType: 99,
    });
    expect(foreignSettlement.statusCode).toBe(404);
    expect((await placeOrderFor(t, {}, { settlementId, addressId: address.id, paymentType: 99 })).statusCode).toBe(401);
    expect(await ordersOf(member.id)).toEqual([]);
    expect(await ordersOf(other.member.id)).toEqual([]);
  });

  it('refuses a product that went out of stock since the settlement (409), keeping the cart', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = await createTestAddress(t, member.id);
    await addToCart(headers, [
      { productCode: '1000502', num: 1 },
      { productCode: '1000503', num: 1 },
    ]);
    const { settlementId } = (await settleCart(headers)).json();
    await t.db.update(products).set({ stockStatus: 4 }).where(eq(products.productCode, '1000503'));
    const reply = await placeOrderFor(t, headers, { settlementId, addressId: address.id, paymentType: 99 });
    await t.db.update(products).set({ stockStatus: 2 }).where(eq(products.productCode, '1000503'));
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('部分商品已缺货或下架，请返回购物车重新选择');
    expect(await ordersOf(member.id)).toEqual([]);
    expect(await cartOf(member.id)).toEqual(['1000502', '1000503']);
  });

  it('leaves nothing behind when it fails halfway (one transaction)', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = await createTestAddress(t, member.id);
    await addToCart(headers, [
      { productCode: '1000504', num: 1 },
      { productCode: '1000505', num: 1 },
    ]);
    const { settlementId } = (await settleCart(headers)).json();
    // The order row is written, then writing the second line fails.
    await t.db.execute(sql`
      create or replace function fail_line_1000505() returns trigger language plpgsql as $$
      begin
        if new.product_code = '1000505' then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger fail_line before insert on order_lines for each row execute function fail_line_1000505()`,
    );
    try {
      const reply = await placeOrderFor(t, headers, { settlementId, addressId: address.id, paymentType: 99 });
      expect(reply.statusCode).toBe(500);
      expect(reply.json().message).toBe('服务异常，请刷新重试');
    } finally {
      await t.db.execute(sql`drop trigger fail_line on order_lines`);
    }
    expect(await ordersOf(member.id)).toEqual([]);
    expect(await cartOf(member.id)).toEqual(['1000504', '1000505']);
    const [settlement] = await t.db
      .select()
      .from(settlements)
      .where(and(eq(settlements.id, settlementId), eq(settlements.memberId, member.id)));
    expect(settlement?.ordersCode).toBeNull();

    const retry = await placeOrderFor(t, headers, { settlementId, addressId: address.id, paymentType: 99 });
    expect(retry.statusCode).toBe(201);
    expect(await cartOf(member.id)).toEqual([]);
  });

  it('places one order when the same settlement is submitted twice at once', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = await createTestAddress(t, member.id);
    const { settlementId } = (await buyNow(t, headers, '1000101')).json();
    const body = { settlementId, addressId: address.id, paymentType: 99 };
    const replies = await Promise.all([placeOrderFor(t, headers, body), placeOrderFor(t, headers, body)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    expect(await ordersOf(member.id)).toHaveLength(1);
  });
});
