import { PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberWithOrder } from '../modules/checkout/shop-fixtures.ts';
import { orders } from '../modules/orders/orders.module.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { runOpsCommand } from './commands.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);
const orderRow = async (code: string) => (await t.db.select().from(orders).where(eq(orders.ordersCode, code)))[0]!;
type Headers = Record<string, string>;
const memberGet = (headers: Headers, url: string) =>
  t.app.inject({ method: 'GET', url: `/web-gateway${url}`, headers });

/** A member's online order, paid in the sandbox cashier: waitDelivery. */
async function paidOrder(skuCode = '1000101', quantity = 1) {
  const placed = await memberWithOrder(t, skuCode, quantity);
  const { payUrl } = (
    await t.app.inject({
      method: 'POST',
      url: '/web-gateway/v2/pay',
      headers: placed.headers,
      payload: { userId: placed.member.id, orderCodes: placed.order.ordersCode, paymentType: 99, platform: 'PC' },
    })
  ).json();
  await t.app.inject({
    method: 'POST',
    url: `/web-gateway/v2/sandbox/payments/${payUrl.split('/').at(-1)}/confirm`,
    headers: placed.headers,
    payload: { channel: 'wechat', outcome: 'success' },
  });
  return placed;
}

describe('operator commands', () => {
  it('prints the help', async () => {
    const help = await ops('--help');
    expect(help.ok).toBe(true);
    expect(help.lines.join('\n')).toContain('ship <ordersCode> <carrier> <waybill>');
    expect((await ops()).ok).toBe(true);
    const unknown = await ops('launch');
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown.lines[0]).toContain('unknown command');
  });

  it('ships with carrier and waybill, appends tracking, delivers: the member sees it all', async () => {
    const { headers, order } = await paidOrder();
    const shipped = await ops('ship', order.ordersCode, '顺丰速运', 'SF1234567890');
    expect(shipped).toEqual({
      ok: true,
      lines: [`✔ ${order.ordersCode} 已发货 shipped by 顺丰速运 SF1234567890 → 待收货 (waitReceiving)`],
    });
    t.clock.advanceMinutes(5);
    const tracked = await ops('logistics', order.ordersCode, '【深圳市】快件已到达', '南山集散中心');
    expect(tracked.ok).toBe(true);
    const logistics = await memberGet(headers, `/v2/orders/logistics?ordersCode=${order.ordersCode}`);
    expect(logistics.statusCode).toBe(200);
    const text = JSON.stringify(logistics.json());
    expect(text).toContain('顺丰速运');
    expect(text).toContain('SF1234567890');
    expect(text).toContain('【深圳市】快件已到达 南山集散中心');

    const delivered = await ops('deliver', order.ordersCode);
    expect(delivered.lines[0]).toContain(
      '已签收 delivered, waiting for the shopper to confirm receipt → 待收货 (waitReceiving)',
    );
    const row = await orderRow(order.ordersCode);
    expect(row).toMatchObject({ orderType: 'waitReceiving', receivedAt: null });
    expect(row.deliveredAt).not.toBeNull();
    expect(
      JSON.stringify((await memberGet(headers, `/v2/orders/logistics?ordersCode=${order.ordersCode}`)).json()),
    ).toContain('快件已签收，感谢您的耐心等待');
    // Delivered once; the shopper's confirmation moves it on.
    expect(await ops('deliver', order.ordersCode)).toMatchObject({ ok: false });
  });

  it('refuses a move the state does not allow, changing nothing', async () => {
    const { order } = await memberWithOrder(t);
    const before = await orderRow(order.ordersCode);
    const refused = await ops('ship', order.ordersCode, '顺丰速运', 'SF1');
    expect(refused).toEqual({ ok: false, lines: ['✘ 当前订单状态不支持该操作 (409)'] });
    expect(await ops('deliver', order.ordersCode)).toMatchObject({ ok: false });
    expect(await ops('logistics', order.ordersCode, '无物流')).toMatchObject({ ok: false });
    expect(await orderRow(order.ordersCode)).toEqual(before);
    expect((await ops('deliver', 'AX2000010100000000')).lines[0]).toContain('(404)');
    expect((await ops('ship', order.ordersCode)).ok).toBe(false);
    expect((await ops('audit', order.ordersCode, 'maybe')).ok).toBe(false);
  });

  // The pharmacist's review (inquiries, audit, rx-settings) is tested with the inquiry: inquiry.test.ts.

  it('splits an order into sub-orders, one per product by default or by the groups given', async () => {
    const { member, headers, address } = await memberWithOrder(t);
    // An order of three products from the cart.
    await t.app.inject({
      method: 'POST',
      url: '/web-gateway/v2/memberShopCarts/items',
      headers,
      payload: ['1000101', '1000301', '3000101'].map((productCode) => ({ productCode, num: 1 })),
    });
    const { settlementId } = (
      await t.app.inject({ method: 'POST', url: '/web-gateway/v2/settle/cart', headers })
    ).json();
    const placed = (
      await t.app.inject({
        method: 'POST',
        url: '/web-gateway/v2/orders',
        headers,
        payload: { settlementId, addressId: address.id, paymentType: 1 },
      })
    ).json();
    const byGroups = await ops('split', placed.ordersCode, '1000101,1000301', '3000101');
    expect(byGroups.ok).toBe(true);
    expect(byGroups.lines[0]).toContain(`${placed.ordersCode}-1`);
    expect(byGroups.lines[0]).toContain(`${placed.ordersCode}-2`);
    const detail = await memberGet(headers, `/v3/orders/${placed.ordersCode}`);
    expect(detail.statusCode).toBe(200);
    expect(Array.isArray(detail.json())).toBe(true);
    expect(detail.json()).toHaveLength(2);
    expect((await ops('split', placed.ordersCode)).ok).toBe(false);

    const second = await memberWithOrder(t, '1000101');
    expect((await ops('split', second.order.ordersCode)).lines[0]).toContain('(400)');
    expect(member.id).toBeGreaterThan(0);
  });

  it('refunds an order paid online through the gateway; one paid on delivery is completed by hand', async () => {
    // docs/CONSOLE.md 退款: paid online, the payments module gives the money back after the act's commit.
    const { order } = await paidOrder('1000102');
    expect((await ops('refund', order.ordersCode)).lines[0]).toContain('→ 退款中 (refundOrder)');
    await vi.waitFor(
      async () => expect((await orderRow(order.ordersCode)).orderType).toBe('refundCompleteTransaction'),
      { timeout: 10_000 },
    );
    expect((await ops('refund', order.ordersCode, '--complete')).ok).toBe(false);

    const cod = await memberWithOrder(t, '1000101', 1, PAYMENT_TYPE.cashOnDelivery);
    expect((await ops('ship', cod.order.ordersCode, '顺丰速运', 'SF1234567')).ok).toBe(true);
    expect((await ops('deliver', cod.order.ordersCode)).ok).toBe(true);
    expect((await ops('refund', cod.order.ordersCode)).lines[0]).toContain('→ 退款中 (refundOrder)');
    expect((await ops('refund', cod.order.ordersCode, '--complete')).lines[0]).toContain(
      '→ 退款完成 (refundCompleteTransaction)',
    );
    const unpaid = await memberWithOrder(t);
    expect((await ops('refund', unpaid.order.ordersCode)).ok).toBe(false);
  });

  it('lists the newest orders, of one member by phone', async () => {
    const { member, order } = await memberWithOrder(t, '3000103');
    const mine = await ops('list', member.phone!);
    expect(mine.ok).toBe(true);
    expect(mine.lines).toHaveLength(1);
    expect(mine.lines[0]).toContain(order.ordersCode);
    expect(mine.lines[0]).toContain('待付款');
    expect(mine.lines[0]).toContain('¥199.00');
    expect((await ops('list')).lines.length).toBeGreaterThan(1);
    expect((await ops('list', '13000000000')).lines).toEqual(['（没有订单 no orders）']);
  });
});
