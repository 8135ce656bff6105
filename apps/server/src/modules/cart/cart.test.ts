import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seedDemoMember } from '../account/account.seed.ts';
import { products } from '../catalogue/catalogue.module.ts';
import { seedDemoCart } from '../checkout/checkout.seed.ts';
import { addCartItems } from './cart.repository.ts';
import { cartItems } from './cart.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const CART = '/web-gateway/v2/memberShopCarts';
const add = (headers: Headers, items: unknown) =>
  t.app.inject({ method: 'POST', url: `${CART}/items`, headers, payload: items as object });
const getCart = (headers: Headers) => t.app.inject({ method: 'GET', url: CART, headers });
const put = (headers: Headers, code: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: `${CART}/items/${code}`, headers, payload: body as object });
const remove = (headers: Headers, code: string) =>
  t.app.inject({ method: 'DELETE', url: `${CART}/items/${code}`, headers });
const rowsOf = (memberId: number) => t.db.select().from(cartItems).where(eq(cartItems.memberId, memberId));

describe('POST /v2/memberShopCarts/items', () => {
  it('adds products (num 1, sourceHost) and answers the cart with today’s prices; adding again adds up', async () => {
    const { headers } = await t.createSignedInMember();
    const first = await add(headers, [{ productCode: '1000101', num: 1, sourceHost: 'localhost' }]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      items: [{ productCode: '1000101', quantity: 1, price: 1980, lineTotal: 1980, selected: true, stockStatus: 2 }],
      totalQuantity: 1,
      selectedQuantity: 1,
      productMoney: 1980,
    });
    await add(headers, [{ productCode: '1000601', num: 1 }]);
    const again = (await add(headers, [{ productCode: '1000101', num: 2 }])).json();
    // Newest line first; the prescription product sits in the cart as any other (加入需求清单).
    expect(again.items.map((line: { productCode: string }) => line.productCode)).toEqual(['1000601', '1000101']);
    expect(again.items[1]).toMatchObject({ quantity: 3, lineTotal: 5940 });
    expect(again.productMoney).toBe(5940 + 1450);
  });

  it('keeps a line at 99 at most', async () => {
    const { headers } = await t.createSignedInMember();
    await add(headers, [{ productCode: '1000102', num: 60 }]);
    const cart = (await add(headers, [{ productCode: '1000102', num: 60 }])).json();
    expect(cart.items[0].quantity).toBe(99);
  });

  it('refuses bad input with the message and writes nothing', async () => {
    const { member, headers } = await t.createSignedInMember();
    const badCode = await add(headers, [{ productCode: 'abc', num: 1 }]);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe('商品编码格式错误');
    const badNum = await add(headers, [
      { productCode: '1000101', num: 1 },
      { productCode: '1000102', num: 0 },
    ]);
    expect(badNum.statusCode).toBe(400);
    expect(badNum.json().message).toBe('商品数量为1-99件');
    expect((await add(headers, [])).statusCode).toBe(400);
    expect((await add(headers, { productCode: '1000101' })).statusCode).toBe(400);
    expect(await rowsOf(member.id)).toEqual([]);
  });

  it('answers 404 for an unknown product and 409 for one out of stock, adding nothing of the list', async () => {
    const { member, headers } = await t.createSignedInMember();
    expect((await add(headers, [{ productCode: '9999999', num: 1 }])).statusCode).toBe(404);
    const out = await add(headers, [
      { productCode: '1000101', num: 1 },
      { productCode: '1000109', num: 1 },
    ]);
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe('该商品已缺货，暂时无法购买');
    expect(await rowsOf(member.id)).toEqual([]);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await add({}, [{ productCode: '1000101', num: 1 }])).statusCode).toBe(401);
    expect((await getCart({})).statusCode).toBe(401);
    expect((await put({}, '1000101', { quantity: 2 })).statusCode).toBe(401);
    expect((await remove({}, '1000101')).statusCode).toBe(401);
  });

  it('holds the 100-lines limit under parallel adds', async () => {
    const { member, headers } = await t.createSignedInMember();
    const extra = Array.from({ length: 101 }, (_, index) => ({
      productCode: String(9000000 + index),
      name: `测试商品${index}`,
      commonTitle: `测试商品${index}`,
      packing: '1盒',
      price: 100,
      prescriptionType: 3,
      stockStatus: 2,
      classCode: '400101',
      manufacturer: '测试',
      description: '测试',
    }));
    await t.db.insert(products).values(extra);
    await t.db.transaction((tx) =>
      addCartItems(
        tx,
        member.id,
        extra.slice(0, 99).map((product) => ({ productCode: product.productCode, quantity: 1 })),
      ),
    );
    const replies = await Promise.all([
      add(headers, [{ productCode: extra[99]!.productCode, num: 1 }]),
      add(headers, [{ productCode: extra[100]!.productCode, num: 1 }]),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)?.json().message).toBe('购物车最多可添加100种商品');
    expect(await rowsOf(member.id)).toHaveLength(100);
  });
});

describe('addCartItems (rebuy)', () => {
  it('adds inside the caller’s transaction and skips codes no longer in the catalogue', async () => {
    const { member } = await t.createSignedInMember();
    const added = await t.db.transaction((tx) =>
      addCartItems(tx, member.id, [
        { productCode: '1000201', quantity: 2 },
        { productCode: '1000201', quantity: 1 },
        { productCode: '8888888', quantity: 1 },
      ]),
    );
    expect(added).toEqual(['1000201']);
    expect((await rowsOf(member.id)).map((row) => [row.productCode, row.quantity])).toEqual([['1000201', 3]]);
  });
});

describe('PUT and DELETE /v2/memberShopCarts/items/:productCode', () => {
  it('changes the quantity, unticks a line, removes it', async () => {
    const { headers } = await t.createSignedInMember();
    await add(headers, [
      { productCode: '1000101', num: 1 },
      { productCode: '1000301', num: 1 },
    ]);
    const changed = await put(headers, '1000101', { quantity: 5 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items.find((line: { productCode: string }) => line.productCode === '1000101')).toMatchObject({
      quantity: 5,
      lineTotal: 9900,
    });
    const unticked = (await put(headers, '1000301', { selected: false })).json();
    expect(unticked).toMatchObject({ totalQuantity: 6, selectedQuantity: 5, productMoney: 9900 });
    const none = await t.app.inject({ method: 'PUT', url: `${CART}/selection`, headers, payload: { selected: false } });
    expect(none.json()).toMatchObject({ selectedQuantity: 0, productMoney: 0 });

    const removed = await remove(headers, '1000101');
    expect(removed.statusCode).toBe(204);
    expect((await getCart(headers)).json().items.map((line: { productCode: string }) => line.productCode)).toEqual([
      '1000301',
    ]);
  });

  it('refuses a quantity outside 1-99 and an empty change, keeping the line', async () => {
    const { member, headers } = await t.createSignedInMember();
    await add(headers, [{ productCode: '1000101', num: 2 }]);
    for (const quantity of [0, 100, 1.5, '3']) {
      const reply = await put(headers, '1000101', { quantity });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('商品数量为1-99件');
    }
    expect((await put(headers, '1000101', {})).statusCode).toBe(400);
    expect((await rowsOf(member.id))[0]?.quantity).toBe(2);
  });

  it('answers 404 for another member’s line and changes nothing of it', async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    await add(owner.headers, [{ productCode: '1000101', num: 2 }]);
    expect((await put(other.headers, '1000101', { quantity: 9 })).statusCode).toBe(404);
    expect((await remove(other.headers, '1000101')).statusCode).toBe(404);
    expect((await getCart(other.headers)).json().items).toEqual([]);
    expect((await rowsOf(owner.member.id))[0]?.quantity).toBe(2);
  });

  it('shows a line that went out of stock but leaves it out of the money to pay', async () => {
    const { headers } = await t.createSignedInMember();
    await add(headers, [
      { productCode: '1000205', num: 1 },
      { productCode: '1000207', num: 1 },
    ]);
    await t.db.update(products).set({ stockStatus: 4 }).where(eq(products.productCode, '1000205'));
    const cart = (await getCart(headers)).json();
    expect(cart.items).toHaveLength(2);
    expect(cart).toMatchObject({ selectedQuantity: 1, productMoney: 2180 });
    await t.db.update(products).set({ stockStatus: 2 }).where(eq(products.productCode, '1000205'));
  });
});

describe('demo cart', () => {
  it('fills a never-used demo cart once; a restart adds nothing', async () => {
    const demo = await seedDemoMember(t.db, t.clock);
    await seedDemoCart(t.db, t.clock);
    const first = await rowsOf(demo.id);
    expect(first.map((row) => [row.productCode, row.quantity, row.selected]).sort()).toEqual([
      ['1000102', 1, true],
      ['1000301', 2, false],
      ['1000401', 1, true],
    ]);
    await seedDemoCart(t.db, t.clock);
    expect(await rowsOf(demo.id)).toEqual(first);
    // Emptied after buying: nothing comes back.
    const { authorization } = await t.signIn(demo.id);
    await t.app.inject({ method: 'POST', url: '/web-gateway/v2/settle/cart', headers: { authorization } });
    await t.db.delete(cartItems).where(eq(cartItems.memberId, demo.id));
    await seedDemoCart(t.db, t.clock);
    expect(await rowsOf(demo.id)).toEqual([]);
  });
});
