import { rmSync } from 'node:fs';
import { MSG } from '@anxin/shared/common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAddresses, orders, reviews, thirdPartyIdentities } from '../../db/schema.ts';
import { createFileStorage } from '../../platform/storage/create-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { findMemberById } from '../account/account.module.ts';
import { sessions } from '../auth/auth.module.ts';
import { placeOrderInState } from '../orders/orders.fixtures.ts';
import { signInWithProvider } from '../third-party/oauth-flow.test-support.ts';
import { makePng, multipartBody } from '../uploads/fixtures/multipart-body.ts';
import { uploads } from '../uploads/uploads.module.ts';
import { accountClosureRequests } from './account-closure.schema.ts';
import { createAccountClosureJob } from './account-closure.service.ts';

const DATA_DIR = `.tmp/test-closure-${process.pid}-${Date.now()}`;

let t: TestApp;
let storage: FileStorage;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR });
  storage = createFileStorage(t.app.services.config);
});
afterAll(async () => {
  await t?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

const API = '/web-gateway';
const DAY_MINUTES = 24 * 60;
const PC_MALL = { 'close-origin': 'PC_MALL' };

const closeApply = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}/v2/member/account/closeapply`, headers, payload });

const smsLogin = (phoneNum: string, smsCode: string) =>
  t.app.inject({ method: 'POST', url: `${API}/passport/account/smsLogin/v2`, payload: { phoneNum, smsCode } });

/** A member with an address, a third-party account, an order and a closing request already made. */
async function closingMember(
  beforeApplying?: (member: { id: number }, headers: Record<string, string>, orderId: number) => Promise<void>,
) {
  const { member, headers } = await t.createSignedInMember();
  const phone = member.phone ?? '';
  const now = t.clock.now();
  await t.db.insert(deliveryAddresses).values({
    memberId: member.id,
    consignee: '张三',
    consigneePhone2: phone,
    provinceCode: '11',
    provinceName: '北京市',
    cityCode: '1101',
    cityName: '北京市',
    customArea: '建国路88号',
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  });
  const { params, cookie } = await signInWithProvider(t, 1, { query: { origin: 'safe' }, browser: { headers } });
  const bound = await t.app.inject({
    method: 'PUT',
    url: `${API}/v2/member/account/binder`,
    headers: { ...headers, cookie },
    payload: { loginName: params.get('ticket'), loginType: 2 },
  });
  if (bound.statusCode !== 200) throw new Error(`bind failed: ${bound.body}`);
  const order = await t.db.transaction((tx) =>
    placeOrderInState(
      tx,
      {
        memberId: member.id,
        paymentType: 99,
        consignee: '张三',
        consigneePhone: phone,
        deliveryAddress: '北京市 北京市 朝阳区 建国路88号',
        lines: [
          {
            productCode: 'P-CLOSE-1',
            productName: '维生素C咀嚼片',
            productImageUrl: '/x.svg',
            packing: '10片/盒',
            amount: 1,
            actualPrice: 1250,
            prescriptionType: 2,
            classCode: '200101',
          },
        ],
        target: 'completeTransaction',
        placedAt: new Date(now.getTime() - 10 * 86_400_000),
      },
      now,
    ),
  );
  await beforeApplying?.(member, headers, order.id);
  const code = await t.sendSmsCode(phone, 'closeAccount');
  const reply = await closeApply({ ...headers, ...PC_MALL }, { phoneNum: phone, validCode: code });
  expect(reply.statusCode).toBe(200);
  return { member, phone, headers, order, reply };
}

describe('POST /v2/member/account/closeapply', () => {
  it('checks the close-origin header, the phone and the code, and changes nothing when one is wrong', async () => {
    const { member, headers } = await t.createSignedInMember();
    const phone = member.phone ?? '';
    const code = await t.sendSmsCode(phone, 'closeAccount');
    const noOrigin = await closeApply(headers, { phoneNum: phone, validCode: code });
    expect(noOrigin.statusCode).toBe(400);
    expect(noOrigin.json().message).toBe(MSG.closeOriginInvalid);
    const otherOrigin = await closeApply({ ...headers, 'close-origin': 'APP' }, { phoneNum: phone, validCode: code });
    expect(otherOrigin.statusCode).toBe(400);
    const otherPhone = await closeApply({ ...headers, ...PC_MALL }, { phoneNum: '13700000000', validCode: code });
    expect(otherPhone.json()).toMatchObject({ message: MSG.phoneNotCurrent, fields: [{ field: 'phoneNum' }] });
    const wrongCode = await closeApply(
      { ...headers, ...PC_MALL },
      { phoneNum: phone, validCode: code === '000000' ? '111111' : '000000' },
    );
    expect(wrongCode.json().message).toBe(MSG.smsCodeMalformed);
    t.clock.advanceMinutes(1); // one SMS per phone per minute
    const loginCode = await t.sendSmsCode(phone, 'login');
    const otherPurpose = await closeApply({ ...headers, ...PC_MALL }, { phoneNum: phone, validCode: loginCode });
    expect(otherPurpose.statusCode).toBe(400);
    const bad = await closeApply({ ...headers, ...PC_MALL }, { phoneNum: '', validCode: '' });
    expect(bad.statusCode).toBe(400);
    expect((await findMemberById(t.db, member.id))?.status).toBe('active');
  });

  it('puts the account in its 15-day cooling-off period and ends every sign-in at once', async () => {
    const { member, headers, reply } = await closingMember();
    const body = reply.json();
    expect(new Date(body.finishAt).getTime() - new Date(body.closeRequestedAt).getTime()).toBe(15 * 86_400_000);
    expect(await findMemberById(t.db, member.id)).toMatchObject({
      status: 'closing',
      closeRequestedAt: expect.any(Date),
    });
    const [request] = await t.db
      .select()
      .from(accountClosureRequests)
      .where(eq(accountClosureRequests.memberId, member.id));
    expect(request).toMatchObject({ origin: 'PC_MALL', withdrawnAt: null, finishedAt: null });
    const vo = await t.app.inject({ method: 'GET', url: `${API}/v2/member/vo`, headers });
    expect(vo.statusCode).toBe(401);
  });

  it('needs a signed-in member', async () => {
    const reply = await closeApply(PC_MALL, { phoneNum: '13800138000', validCode: '123456' });
    expect(reply.statusCode).toBe(401);
  });
});

describe('signing in during the cooling-off period', () => {
  it('answers 409 ACCOUNT_CLOSING to the SMS sign-in, and the same code withdraws the application', async () => {
    const { member, phone } = await closingMember();
    t.clock.advanceMinutes(1);
    const code = await t.sendSmsCode(phone, 'login');
    const refused = await smsLogin(phone, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'ACCOUNT_CLOSING', message: MSG.accountClosing });

    const wrong = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/closeapply/withdraw`,
      payload: { phoneNum: phone, smsCode: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/closeapply/withdraw`,
      payload: { phoneNum: phone, smsCode: code },
    });
    expect(withdrawn.statusCode).toBe(200);
    const vo = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/vo`,
      headers: { authorization: `Bearer ${withdrawn.json().access_token}` },
    });
    expect(vo.statusCode).toBe(200);
    expect(await findMemberById(t.db, member.id)).toMatchObject({ status: 'active', closeRequestedAt: null });
    const [request] = await t.db
      .select()
      .from(accountClosureRequests)
      .where(eq(accountClosureRequests.memberId, member.id));
    expect(request.withdrawnAt).toEqual(expect.any(Date));

    const replay = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/closeapply/withdraw`,
      payload: { phoneNum: phone, smsCode: code },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MSG.accountNotClosing);
    // The job finds nothing to do for it later.
    t.clock.advanceMinutes(16 * DAY_MINUTES);
    await createAccountClosureJob({ ...t.app.services, storage }).finishAccountClosures();
    expect((await findMemberById(t.db, member.id))?.status).toBe('active');
  });

  it('does not let the refused sign-in pass with a wrong code', async () => {
    const { phone } = await closingMember();
    t.clock.advanceMinutes(1);
    await t.sendSmsCode(phone, 'login');
    const reply = await smsLogin(phone, '999999');
    expect(reply.statusCode).toBe(400);
  });

  it('refuses a withdrawal once the 15 days are over', async () => {
    const { phone } = await closingMember();
    t.clock.advanceMinutes(15 * DAY_MINUTES + 1);
    const code = await t.sendSmsCode(phone, 'login');
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/member/account/closeapply/withdraw`,
      payload: { phoneNum: phone, smsCode: code },
    });
    expect(reply.statusCode).toBe(410);
    expect(reply.json().message).toBe(MSG.coolingOffOver);
  });
});

describe('finishAccountClosures', () => {
  it('waits the whole 15 days, then anonymises: personal data gone, orders kept, the phone free to register', async () => {
    const { member, phone, order } = await closingMember();
    t.clock.advanceMinutes(14 * DAY_MINUTES);
    await createAccountClosureJob({ ...t.app.services, storage }).finishAccountClosures();
    expect((await findMemberById(t.db, member.id))?.status).toBe('closing');

    t.clock.advanceMinutes(DAY_MINUTES + 1);
    expect(
      await createAccountClosureJob({ ...t.app.services, storage }).finishAccountClosures(),
    ).toBeGreaterThanOrEqual(1);
    const closed = await findMemberById(t.db, member.id);
    expect(closed).toMatchObject({
      status: 'closed',
      phone: null,
      loginName: null,
      passwordHash: null,
      nickname: '已注销用户',
      email: null,
      avatar: null,
      birthday: null,
    });
    expect(await t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.memberId, member.id))).toEqual([]);
    expect(await t.db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.memberId, member.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toEqual([]);
    const [kept] = await t.db.select().from(orders).where(eq(orders.ordersCode, order.ordersCode));
    expect(kept.memberId).toBe(member.id);
    const [request] = await t.db
      .select()
      .from(accountClosureRequests)
      .where(eq(accountClosureRequests.memberId, member.id));
    expect(request.finishedAt).toEqual(expect.any(Date));

    // The phone is free: an SMS sign-in makes a new, empty account.
    const code = await t.sendSmsCode(phone, 'login');
    const fresh = await smsLogin(phone, code);
    expect(fresh.statusCode).toBe(200);
    const vo = await t.app.inject({
      method: 'GET',
      url: `${API}/v2/member/vo`,
      headers: { authorization: `Bearer ${fresh.json().access_token}` },
    });
    expect(vo.json().accountId).not.toBe(member.id);

    // Running again changes nothing.
    expect(await createAccountClosureJob({ ...t.app.services, storage }).finishAccountClosures()).toBe(0);
  });

  it("deletes the member's uploads, rows and files, and empties the images of the reviews it keeps", async () => {
    const uploaded: string[] = [];
    let reviewId = 0;
    const { member } = await closingMember(async (owner, headers, orderId) => {
      for (const size of [20, 30]) {
        const { payload, contentType } = multipartBody([
          { name: 'file', fileName: 'photo.png', contentType: 'image/png', content: makePng(size, size) },
        ]);
        const reply = await t.app.inject({
          method: 'POST',
          url: `${API}/v2/upload?module=common`,
          headers: { ...headers, 'content-type': contentType },
          payload,
        });
        expect(reply.statusCode).toBe(201);
        uploaded.push(reply.json().url);
      }
      const [review] = await t.db
        .insert(reviews)
        .values({
          orderId,
          orderCode: 'CLOSE-REVIEW',
          productCode: 'P-CLOSE-1',
          memberId: owner.id,
          score: 5,
          content: '包装完好，发货很快，值得推荐。',
          labels: [],
          images: [uploaded[0]],
          createdAt: t.clock.now(),
        })
        .returning();
      reviewId = review.id;
    });
    const names = uploaded.map((url) => url.slice(url.lastIndexOf('/') + 1));
    for (const name of names) expect(await storage.exists(name)).toBe(true);

    t.clock.advanceMinutes(15 * DAY_MINUTES + 1);
    expect(
      await createAccountClosureJob({ ...t.app.services, storage }).finishAccountClosures(),
    ).toBeGreaterThanOrEqual(1);

    expect(await t.db.select().from(uploads).where(eq(uploads.memberId, member.id))).toEqual([]);
    for (const name of names) expect(await storage.exists(name)).toBe(false);
    for (const url of uploaded) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const [review] = await t.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review).toMatchObject({ memberId: member.id, images: [], content: '包装完好，发货很快，值得推荐。' });
  });
});
