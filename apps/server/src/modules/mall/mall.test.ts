import { DEFAULT_MALL_CONFIG, mallConfigSchemas } from '@anxin/shared/mall/mall-config';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { shopSettings } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buyNow, createTestAddress, memberWithOrder, placeOrderFor } from '../checkout/shop-fixtures.ts';
import { orders } from '../orders/orders.module.ts';
import { payments } from '../payments/payments.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Every test starts from the defaults.
afterEach(async () => {
  await t.db.delete(shopSettings).where(like(shopSettings.key, 'mall-config:%'));
});

type Headers = Record<string, string>;
const getConfig = (module?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/web-gateway/v2/mall/config${module === undefined ? '' : `?module=${encodeURIComponent(module)}`}`,
  });
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), ['mall-config', ...argv]);
const addToCart = (headers: Headers, items: { productCode: string; num: number }[]) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/v2/memberShopCarts/items', headers, payload: items });
const settleCart = (headers: Headers) => t.app.inject({ method: 'POST', url: '/web-gateway/v2/settle/cart', headers });

describe('GET /v2/mall/config', () => {
  it('answers every key of both groups with the defaults when nothing is set, to visitors too', async () => {
    const reply = await getConfig('m-mall,mall-global');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual(DEFAULT_MALL_CONFIG);
    expect(reply.json()).toMatchObject({ globalMaximumTotal: 2_600_000, globalMaximumAmount: 500_000 });
    expect((await getConfig()).json()).toEqual(DEFAULT_MALL_CONFIG);
  });

  it('answers one group alone, and refuses an unknown group with 400', async () => {
    const global = (await getConfig('mall-global')).json();
    expect(Object.keys(global).sort()).toEqual(Object.keys(mallConfigSchemas['mall-global']).sort());
    const mall = (await getConfig('m-mall')).json();
    expect(Object.keys(mall).sort()).toEqual(Object.keys(mallConfigSchemas['m-mall']).sort());
    const bad = await getConfig('m-mall,shop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('配置模块只能是m-mall或mall-global');
  });

  it('merges the stored values of both groups over the defaults; a stored value that no longer fits is its default', async () => {
    const now = t.clock.now();
    await t.db.insert(shopSettings).values([
      { key: 'mall-config:mall-global', value: { slogan: '放心买药', globalMaximumAmount: 'many' }, updatedAt: now },
      { key: 'mall-config:m-mall', value: { isOrderShowRx: false, slogan: '不属于这一组' }, updatedAt: now },
    ]);
    const config = (await getConfig('m-mall,mall-global')).json();
    expect(config).toEqual({ ...DEFAULT_MALL_CONFIG, slogan: '放心买药', isOrderShowRx: false });
  });
});

describe('npm run ops -- mall-config', () => {
  it('shows every key with its group, and sets values the next call answers (no cache)', async () => {
    const shown = await ops();
    expect(shown.ok).toBe(true);
    expect(shown.lines).toContain('mall-global.slogan = "安心购药 药师在线"  (默认 default)');
    expect(shown.lines).toContain('m-mall.isOrderShowRx = true  (默认 default)');

    const set = await ops(
      'mall-global.slogan=用药安心',
      'm-mall.rxOrderButtonText=提交需求',
      'm-mall.isOrderShowRx=false',
    );
    expect(set.ok).toBe(true);
    expect(set.lines).toContain('mall-global.slogan = "用药安心"');
    expect((await getConfig()).json()).toMatchObject({
      slogan: '用药安心',
      rxOrderButtonText: '提交需求',
      isOrderShowRx: false,
    });
    // A later change of another key keeps the earlier ones.
    await ops('mall-global.globalMaximumAmount=20');
    expect((await getConfig()).json()).toMatchObject({ slogan: '用药安心', globalMaximumAmount: 20 });
    await ops('mall-global.loadingDelay=0', 'mall-global.badge=医保定点', 'mall-global.onlinePay=false');
    expect((await getConfig('mall-global')).json()).toMatchObject({
      slogan: '用药安心',
      loadingDelay: 0,
      badge: '医保定点',
      onlinePay: false,
    });
  });

  it('refuses unknown keys, a key under the other group and values its schema refuses, writing nothing', async () => {
    for (const argv of [
      ['mall-global.nothing=1'],
      ['m-mall.slogan=x'],
      ['slogan=x'],
      ['mall-global.globalMaximumTotal=0'],
      ['mall-global.globalMaximumTotal=abc'],
      ['m-mall.isOrderShowRx=yes'],
      ['mall-global.badge=医保定点药房满九十九元包邮正品保障放心购买'],
      ['mall-global.loadingDelay=10001'],
      ['mall-global.loadingDelay=-1'],
      ['mall-global.onlinePay=no'],
      ['mall-global.slogan=ok', 'm-mall.rxOrderButtonText=这个按钮文字实在是太长了超过十个字'],
    ]) {
      const result = await ops(...argv);
      expect(result.ok, argv.join(' ')).toBe(false);
    }
    expect(await t.db.select().from(shopSettings).where(like(shopSettings.key, 'mall-config:%'))).toEqual([]);
  });
});

describe('the checkout rules of the mall configuration', () => {
  it('refuses more pieces than globalMaximumAmount at settlement and when placing, with nothing placed', async () => {
    const { member, headers } = await t.createSignedInMember();
    const address = await createTestAddress(t, member.id);
    const allowed = (await buyNow(t, headers, '1000101', 3)).json();
    await ops('mall-global.globalMaximumAmount=2');

    const refused = await buyNow(t, headers, '1000101', 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('单笔订单商品数量不能超过2件，请分开下单');
    // A settlement made before the change is checked again when placing.
    const placed = await placeOrderFor(t, headers, {
      settlementId: allowed.settlementId,
      addressId: address.id,
      paymentType: 99,
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().message).toBe('单笔订单商品数量不能超过2件，请分开下单');
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member.id))).toEqual([]);
    expect((await buyNow(t, headers, '1000101', 2)).statusCode).toBe(201);
  });

  it('refuses more product money than globalMaximumTotal (cents) from the cart, the limit itself allowed', async () => {
    const { headers } = await t.createSignedInMember();
    await addToCart(headers, [{ productCode: '1000101', num: 5 }]); // 5 × ¥19.80 = ¥99.00
    await ops('mall-global.globalMaximumTotal=9899');
    const refused = await settleCart(headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('单笔订单商品金额不能超过98.99元，请分开下单');
    await ops('mall-global.globalMaximumTotal=9900');
    expect((await settleCart(headers)).statusCode).toBe(201);
  });

  it('onlyBuyRxFromDocter refuses 立即购买 of a prescription product, not its demand list', async () => {
    const { headers } = await t.createSignedInMember();
    expect((await buyNow(t, headers, '1000401')).statusCode).toBe(201);
    await ops('m-mall.onlyBuyRxFromDocter=true');
    const refused = await buyNow(t, headers, '1000401');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('处方药请加入需求清单，经药师审核后购买');
    expect((await buyNow(t, headers, '1000101')).statusCode).toBe(201);
    await addToCart(headers, [{ productCode: '1000401', num: 1 }]);
    expect((await settleCart(headers)).statusCode).toBe(201);
  });

  it('isCartRxAndNotDrug off refuses prescription drugs with non-drug products in one order', async () => {
    const { headers } = await t.createSignedInMember();
    await addToCart(headers, [
      { productCode: '1000401', num: 1 },
      { productCode: '3000101', num: 1 },
    ]);
    expect((await settleCart(headers)).statusCode).toBe(201);
    await ops('m-mall.isCartRxAndNotDrug=false');
    const refused = await settleCart(headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('处方药不能与非药品一起结算，请分开结算');
    // Prescription drugs with other drugs stay allowed.
    await t.app.inject({ method: 'DELETE', url: '/web-gateway/v2/memberShopCarts/items/3000101', headers });
    await addToCart(headers, [{ productCode: '1000101', num: 1 }]);
    expect((await settleCart(headers)).statusCode).toBe(201);
  });
});

describe('onlinePay', () => {
  const pay = (headers: Headers, memberId: number, ordersCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/web-gateway/v2/pay',
      headers,
      payload: { userId: memberId, orderCodes: ordersCode, paySource: 'PC', platform: 'PC', paymentType: 99 },
    });

  it('off: no order is placed for online payment and no payment is started (409); cash on delivery goes on', async () => {
    // An online order placed while online payment was on, and a settlement to place another.
    const { member, headers, address, order } = await memberWithOrder(t, '1000101', 1);
    const settlement = (await buyNow(t, headers, '1000101', 2)).json();
    await ops('mall-global.onlinePay=false');

    const online = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 99,
    });
    expect(online.statusCode).toBe(409);
    expect(online.json().message).toBe('在线支付暂停使用，请选择货到付款');
    expect(await t.db.select().from(orders).where(eq(orders.memberId, member.id))).toHaveLength(1);

    const paying = await pay(headers, member.id, order.ordersCode);
    expect(paying.statusCode).toBe(409);
    expect(paying.json().message).toBe('在线支付暂停使用，请稍后再试');
    expect(await t.db.select().from(payments).where(eq(payments.memberId, member.id))).toEqual([]);

    const cashOnDelivery = await placeOrderFor(t, headers, {
      settlementId: settlement.settlementId,
      addressId: address.id,
      paymentType: 1,
    });
    expect(cashOnDelivery.statusCode, cashOnDelivery.body).toBe(201);
    expect(cashOnDelivery.json()).toMatchObject({ paymentType: 1, orderType: 'waitDelivery' });

    // On again: the order placed before can be paid.
    await ops('mall-global.onlinePay=true');
    expect((await pay(headers, member.id, order.ordersCode)).statusCode).toBe(200);
  });
});
