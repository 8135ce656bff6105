import { MSG } from '@anxin/shared/common/messages';
import type { GuestOrder } from '@anxin/shared/guest-pay/guest-pay.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { runOpsCommand } from '../../ops/commands.ts';
import { sha256 } from '../../platform/crypto.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { payments } from '../payments/payments.schema.ts';
import { guestPayLinks } from './guest-pay.schema.ts';

// After paying (issue 28): where the cashier sends the guest back, and what the paid page is told about the
// account (docs/GUEST-PAY.md). The rest of the link's API is in guest-pay.test.ts.

const API = '/web-gateway';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
let addressCounter = 0;
const nextAddress = () => `10.28.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function guestOrder(phone = uniquePhone(), payment: 'online' | 'cod' = 'online') {
  const made = await runOpsCommand({ ...t.opsDeps(), publicOrigin: 'https://www.anxin.example' }, [
    'guest-order',
    phone,
    '1000101:2,1000102',
    '--address',
    '广东省 深圳市 南山区 科技园路1号',
    '--name',
    '王小明',
    '--payment',
    payment,
  ]);
  expect(made.ok, made.lines.join('\n')).toBe(true);
  const key = new URL(made.lines[1] as string).searchParams.get('key') as string;
  const [link] = await t.db
    .select()
    .from(guestPayLinks)
    .where(eq(guestPayLinks.keyHash, sha256(key)));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, link!.orderId));
  return { phone, key, order: order!, ip: nextAddress() };
}
type Guest = Awaited<ReturnType<typeof guestOrder>>;

/** The phone confirmed through the link; a new account registers on the key, a used one signs in by SMS code. */
async function signedIn(guest: Guest): Promise<Headers> {
  const send = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress: guest.ip });
  const confirmed = await send('/v4/orders/updatePhone', { phone: guest.phone, token: guest.key });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  if (confirmed.json().isRegisted === '0') {
    const reply = await send(`/v2/guest-pay/${guest.key}/register`, { phone: guest.phone });
    expect(reply.statusCode, reply.body).toBe(200);
    return { authorization: `Bearer ${reply.json().access_token}` };
  }
  await send(`/v2/guest-pay/${guest.key}/sms-code`, { phone: guest.phone, purpose: 'login' });
  const reply = await send(`/v2/guest-pay/${guest.key}/sign-in`, {
    phone: guest.phone,
    smsCode: await t.latestSmsCode(guest.phone),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { authorization: `Bearer ${reply.json().access_token}` };
}

const memberGet = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const memberSend = (method: 'POST' | 'PUT', headers: Headers, url: string, payload: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers, payload });
const guestOrderOf = async (guest: Guest, headers: Headers) => {
  const reply = await memberGet(headers, `/v5/orders/notPay?token=${guest.key}&consigneePhone=${guest.phone}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as GuestOrder;
};

describe('the cashier’s way back from a guest payment', () => {
  it.each([
    ['MOBILE', '/m/payJianke/messagePayment'],
    ['PC', '/payJianke/messagePayment'],
  ])(
    'paid from %s, returns to %s of the order (never its key), and the member’s pay now still to the order detail',
    async (paySource, page) => {
      const guest = await guestOrder();
      const headers = await signedIn(guest);
      const started = await memberSend('POST', headers, `/v2/guest-pay/${guest.key}/pay`, { paySource });
      expect(started.statusCode, started.body).toBe(200);
      const paymentId = (started.json().payUrl as string).split('/').at(-1) as string;
      const returnUrl = `${page}?ordersCode=${guest.order.ordersCode}`;

      const shown = await memberGet(headers, `/v2/sandbox/payments/${paymentId}`);
      expect(shown.json()).toMatchObject({ status: 'pending', returnUrl });
      const paid = await memberSend('POST', headers, `/v2/sandbox/payments/${paymentId}/confirm`, {
        channel: 'wechat',
        outcome: 'success',
      });
      expect(paid.json()).toEqual({ status: 'paid', returnUrl });
      // The key stays where it was (the SMS and the shopper's browser): the payment row does not hold it.
      const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(JSON.stringify(row)).not.toContain(guest.key);

      // The member's own pay now of another order keeps returning to the order detail page.
      const other = await guestOrder(guest.phone);
      const payNow = await memberSend('POST', headers, '/v2/pay', {
        userId: other.order.memberId,
        orderCodes: other.order.ordersCode,
        paymentType: 99,
      });
      const otherId = (payNow.json().payUrl as string).split('/').at(-1) as string;
      expect((await memberGet(headers, `/v2/sandbox/payments/${otherId}`)).json().returnUrl).toBe(
        `/user/order/detail/${other.order.ordersCode}`,
      );
    },
  );

  it('gives a phone its own payment when the pending one would return elsewhere; a second press reuses it', async () => {
    const guest = await guestOrder();
    const headers = await signedIn(guest);
    const payFrom = async (paySource: string) =>
      (await memberSend('POST', headers, `/v2/guest-pay/${guest.key}/pay`, { paySource })).json().payUrl as string;
    const desktop = await payFrom('PC');
    const phone = await payFrom('MOBILE');
    expect(phone).not.toBe(desktop);
    expect(await payFrom('MOBILE')).toBe(phone);
    const returnOf = async (payUrl: string) =>
      (await memberGet(headers, `/v2/sandbox/payments/${payUrl.split('/').at(-1)}`)).json().returnUrl;
    expect(await returnOf(phone)).toBe(`/m/payJianke/messagePayment?ordersCode=${guest.order.ordersCode}`);
    expect(await returnOf(desktop)).toBe(`/payJianke/messagePayment?ordersCode=${guest.order.ordersCode}`);
  });
});

describe('whether the account has a password', () => {
  it('tells the page: false for the account the link made, true once the guest set one (and no second set)', async () => {
    const guest = await guestOrder();
    const headers = await signedIn(guest);
    expect((await guestOrderOf(guest, headers)).hasPassword).toBe(false);

    await t.app.inject({
      method: 'POST',
      url: `${API}/v2/guest-pay/${guest.key}/sms-code`,
      payload: { phone: guest.phone, purpose: 'resetPassword' },
      remoteAddress: guest.ip,
    });
    const body = {
      password: 'Abc@12345',
      confirmPassword: 'Abc@12345',
      phone: guest.phone,
      smsCode: await t.latestSmsCode(guest.phone),
    };
    const set = await memberSend('PUT', headers, `/v2/guest-pay/${guest.key}/password`, body);
    expect(set.statusCode, set.body).toBe(204);
    expect((await guestOrderOf(guest, headers)).hasPassword).toBe(true);

    // Once set, the link does not set it again (the site's 忘记密码 changes a password).
    const again = await memberSend('PUT', headers, `/v2/guest-pay/${guest.key}/password`, {
      ...body,
      password: 'Xyz@12345',
      confirmPassword: 'Xyz@12345',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.guestPasswordAlreadySet);
  });

  it('is true for a cash-on-delivery order of a member who has a password; the reply says no more of the account', async () => {
    const { member } = await t.createSignedInMember({ password: 'Abc@12345' });
    const guest = await guestOrder(member.phone as string, 'cod');
    const order = await guestOrderOf(guest, await signedIn(guest));
    expect(order).toMatchObject({
      paymentType: 1,
      paymentTypeName: '货到付款',
      advanceSum: 0,
      orderType: 'waitDelivery',
      hasPassword: true,
    });
    expect(order.orderProducts.map((line) => line.productCode)).toEqual(['1000101', '1000102']);
    expect(JSON.stringify(order)).not.toMatch(/passwordHash|\$argon|\$2[aby]\$/);
  });
});
