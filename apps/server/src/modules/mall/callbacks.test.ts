import { MSG } from '@anxin/shared/common/messages';
import { maskPhone } from '@anxin/shared/common/phone';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { shopSettings } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { members } from '../account/account.module.ts';
import { memberWithOrder } from '../checkout/shop-fixtures.ts';
import { callbackRequests } from './mall.schema.ts';

// 药师回电 (the mall configuration's callbackAvailable, docs/MALL-CONFIG.md): a member asks the pharmacy to
// call their phone back about an order; the operator's `callbacks` command lists the open requests and marks
// one called. While callbackAvailable is off the request is refused.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.db.delete(shopSettings).where(like(shopSettings.key, 'mall-config:%'));
});

type Headers = Record<string, string>;
const askCallback = (headers: Headers | undefined, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/web-gateway/v2/mall/callbacks', headers, payload });
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);
const requestsOf = (memberId: number) =>
  t.db.select().from(callbackRequests).where(eq(callbackRequests.memberId, memberId));

describe('POST /v2/mall/callbacks', () => {
  it('asks for a call to the member’s own phone about an order; asking again while it is open answers the same', async () => {
    // Cash on delivery: the order waits for delivery, where the order pages offer 联系医生/客服.
    const { member, headers, order } = await memberWithOrder(t, '1000101', 1, 1);
    const first = await askCallback(headers, { ordersCode: order.ordersCode });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ phone: maskPhone(member.phone!), ordersCode: order.ordersCode });
    const again = await askCallback(headers, { ordersCode: order.ordersCode });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await requestsOf(member.id)).toHaveLength(1);

    // The operator sees the full phone and the order, and marks the call made; the next request is a new one.
    const open = await ops('callbacks');
    expect(open.ok).toBe(true);
    expect(open.lines.join('\n')).toContain(`#${first.json().id} ${member.phone} 订单 ${order.ordersCode}`);
    expect((await ops('callbacks', 'done', String(first.json().id))).ok).toBe(true);
    expect((await ops('callbacks')).lines.join('\n')).not.toContain(member.phone!);
    expect((await ops('callbacks', 'done', String(first.json().id))).ok).toBe(false);
    const next = await askCallback(headers);
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ ordersCode: null });
    expect(next.json().id).not.toBe(first.json().id);
  });

  it('is refused with 409 while callbackAvailable is off, recording nothing', async () => {
    const { member, headers, order } = await memberWithOrder(t, '1000101', 1, 1);
    expect((await ops('mall-config', 'mall-global.callbackAvailable=false')).ok).toBe(true);
    const refused = await askCallback(headers, { ordersCode: order.ordersCode });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('药师回电服务暂停，请拨打客服热线');
    expect(await requestsOf(member.id)).toEqual([]);
  });

  it('answers 404 for another member’s order, asks a member without a phone to bind one, 401 for visitors', async () => {
    const { order } = await memberWithOrder(t, '1000101', 1, 1);
    const other = await t.createSignedInMember();
    const foreign = await askCallback(other.headers, { ordersCode: order.ordersCode });
    expect(foreign.statusCode).toBe(404);
    expect((await askCallback(other.headers, { ordersCode: 'NO-SUCH-ORDER' })).statusCode).toBe(404);
    expect(await requestsOf(other.member.id)).toEqual([]);

    await t.db.update(members).set({ phone: null }).where(eq(members.id, other.member.id));
    const noPhone = await askCallback(other.headers);
    expect(noPhone.statusCode).toBe(409);
    expect(noPhone.json().message).toBe(MSG.phoneNeedsBinding);

    expect((await askCallback(undefined)).statusCode).toBe(401);
  });
});
