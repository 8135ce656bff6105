import { MSG } from '@anxin/shared/common/messages';
import { GUEST_PAY_MSG, type GuestOrder } from '@anxin/shared/guest-pay/guest-pay.contract';
import { EMPTY_HEALTH_INFO } from '@anxin/shared/patients/patient.contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderInquiries, orderLines, orders, patients } from '../../db/schema.ts';
import { runOpsCommand } from '../../ops/commands.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { smsOutbox } from '../../platform/platform.schema.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { members } from '../account/account.module.ts';
import { givenDiseases, givenPatient, inquiryBody, RIGHT_ANSWERS } from '../inquiry/inquiry.fixtures.ts';
import { demoIdCard } from '../patients/patients.seed.ts';
import { guestPayDescriptor } from './guest-pay.module.ts';
import { guestPayLinks } from './guest-pay.schema.ts';

const ORIGIN = 'https://www.anxin.example';
const API = '/web-gateway';
const HOUR = 3600_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await givenDiseases(t);
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
let addressCounter = 0;
/** Each scenario calls from its own address, so the per-address limit of the entry page never mixes them. */
const nextAddress = () => `10.15.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const ops = (...argv: string[]) => runOpsCommand({ ...t.opsDeps(), publicOrigin: ORIGIN }, argv);

/** The operator's command for a phone; answers the key from the printed link and the order row. */
async function guestOrder(phone = uniquePhone(), items = '1000101:2', payment: 'online' | 'cod' = 'online') {
  const made = await ops(
    'guest-order',
    phone,
    items,
    '--address',
    '广东省 深圳市 南山区 科技园路1号',
    '--name',
    '王小明',
    '--payment',
    payment,
  );
  expect(made.ok, made.lines.join('\n')).toBe(true);
  const url = made.lines[1] as string;
  const key = new URL(url).searchParams.get('key') as string;
  const [link] = await t.db
    .select()
    .from(guestPayLinks)
    .where(eq(guestPayLinks.keyHash, sha256(key)));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, link!.orderId));
  return { phone, key, url, made, link: link!, order: order!, ip: nextAddress() };
}

type Guest = Awaited<ReturnType<typeof guestOrder>>;
const wrongPhoneOf = (phone: string) => `${phone.slice(0, 3)}${phone[3] === '9' ? '0' : '9'}${phone.slice(4)}`;

const binding = (key: string, ip = '10.16.0.1') =>
  t.app.inject({ method: 'GET', url: `${API}/v2/guest-pay/${key}/binding`, remoteAddress: ip });
const updatePhone = (guest: Pick<Guest, 'key' | 'ip'>, phone: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/v4/orders/updatePhone`,
    payload: { phone, token: guest.key },
    remoteAddress: guest.ip,
  });
const register = (guest: Pick<Guest, 'key' | 'ip'>, phone: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/v2/guest-pay/${guest.key}/register`,
    payload: { phone },
    remoteAddress: guest.ip,
  });
const memberGet = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const memberSend = (method: 'POST' | 'PUT' | 'DELETE', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });

/** Registers the guest's (new) account through the link and answers its Authorization header. */
async function registered(guest: Guest): Promise<Headers> {
  const reply = await register(guest, guest.phone);
  expect(reply.statusCode, reply.body).toBe(200);
  return { authorization: `Bearer ${reply.json().access_token}` };
}

/** A fresh sign-in of the guest's account (access tokens live 30 minutes; the tests move the clock by hours). */
const signedInAgain = async (guest: Guest): Promise<Headers> => ({
  authorization: (await t.signIn(guest.order.memberId)).authorization,
});

const notPayUrl = (guest: Pick<Guest, 'key' | 'phone'>, extra = '') =>
  `/v5/orders/notPay?token=${guest.key}&consigneePhone=${guest.phone}${extra}`;

describe('npm run ops -- guest-order', () => {
  it('places the order for a new phone, stores only the key’s hash and sends exactly one SMS with a working link', async () => {
    const guest = await guestOrder();
    expect(guest.url).toMatch(new RegExp(`^${ORIGIN}/payJianke/entry\\?key=[A-Za-z0-9_-]{43}$`));
    const texts = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, guest.phone));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.content).toContain(guest.url);
    expect(texts[0]!.content).toContain(guest.order.ordersCode);

    // The key itself is nowhere in the table.
    expect(guest.link.keyHash).toBe(sha256(guest.key));
    expect(JSON.stringify(guest.link)).not.toContain(guest.key);
    expect(guest.link.bindDeadline.getTime() - guest.order.creationDate.getTime()).toBe(24 * HOUR);

    expect(guest.order).toMatchObject({ orderType: 'waitPay', consigneePhone: guest.phone, consignee: '王小明' });
    expect(guest.order.payDeadline?.getTime()).toBe(guest.link.bindDeadline.getTime());
    const [member] = await t.db.select().from(members).where(eq(members.id, guest.order.memberId));
    expect(member).toMatchObject({ phone: guest.phone, passwordHash: null });

    const bound = await binding(texts[0]!.content.split('key=')[1]!.trim());
    expect(bound.json()).toMatchObject({
      isRegisted: '0',
      maskPhone: `${guest.phone.slice(0, 3)}****${guest.phone.slice(7)}`,
    });
  });

  it('uses the member of a registered phone; cash on delivery; refuses unknown products and sends nothing then', async () => {
    const { member } = await t.createSignedInMember();
    const guest = await guestOrder(member.phone as string, '1000101', 'cod');
    expect(guest.order).toMatchObject({ memberId: member.id, paymentType: 1, orderType: 'waitDelivery' });
    expect((await binding(guest.key)).json().isRegisted).toBe('1');

    const phone = uniquePhone();
    const refused = await ops(
      'guest-order',
      phone,
      '9999999',
      '--address',
      '广东省 深圳市 南山区 一号',
      '--name',
      '李四',
    );
    expect(refused.ok).toBe(false);
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toHaveLength(0);
    expect(await t.db.select().from(members).where(eq(members.phone, phone))).toHaveLength(0);

    const badUsage = await ops('guest-order', phone, '1000101', '--name', '李四');
    expect(badUsage.ok).toBe(false);
    expect(badUsage.lines.join('\n')).toContain('--address');
  });
});

describe('key guessing', () => {
  it('answers 404 for random and malformed keys on every call', async () => {
    const random = randomToken();
    for (const key of [random, 'short', `${random}x`, '%00']) {
      expect((await binding(encodeURIComponent(key))).statusCode).toBe(404);
    }
    expect((await updatePhone({ key: random, ip: nextAddress() }, '13800138000')).statusCode).toBe(404);
    expect((await register({ key: random, ip: nextAddress() }, '13800138000')).statusCode).toBe(404);
    const { headers } = await t.createSignedInMember();
    expect((await memberGet(headers, notPayUrl({ key: random, phone: '13800138000' }))).statusCode).toBe(404);
  });

  it('counts wrong digits per key: the 10th try locks the key, and then the right phone is refused too', async () => {
    const guest = await guestOrder();
    const other = await guestOrder();
    const wrong = wrongPhoneOf(guest.phone);
    for (let tried = 1; tried <= 9; tried++) {
      const reply = await updatePhone(guest, wrong);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(GUEST_PAY_MSG.phoneWrong);
      expect((await binding(guest.key)).json().triesLeft).toBe(10 - tried);
    }
    const tenth = await updatePhone(guest, wrong);
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().message).toBe(GUEST_PAY_MSG.linkLocked);

    expect((await updatePhone(guest, guest.phone)).statusCode).toBe(429);
    expect((await register(guest, guest.phone)).statusCode).toBe(429);
    expect((await binding(guest.key)).json()).toMatchObject({ isLocked: true, triesLeft: 0 });
    const [member] = await t.db.select().from(members).where(eq(members.id, guest.order.memberId));
    expect(member?.passwordHash).toBeNull();

    // Another key is counted on its own.
    expect((await updatePhone(other, other.phone)).json()).toEqual({ isRegisted: '0', consigneePhone: other.phone });
  });

  it('limits the anonymous calls of one client address', async () => {
    const ip = nextAddress();
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await binding(randomToken(), ip)).statusCode;
    expect(last).toBe(429);
  });
});

describe('account closure', () => {
  it('takes the links of a closed account: 404, and the closure hook deletes them', async () => {
    const guest = await guestOrder();
    await t.db.update(members).set({ status: 'closed' }).where(eq(members.id, guest.order.memberId));
    expect((await binding(guest.key)).statusCode).toBe(404);
    await t.db.transaction(async (tx) => {
      await guestPayDescriptor.closeMember?.(tx, guest.order.memberId);
    });
    expect(await t.db.select().from(guestPayLinks).where(eq(guestPayLinks.orderId, guest.order.id))).toHaveLength(0);
  });
});

describe('the bind check and expiry', () => {
  it('answers 2 once the bind window is over for an unconfirmed phone, and the other calls 410 with the timeout text', async () => {
    const guest = await guestOrder();
    t.clock.advance(24 * HOUR);
    expect((await binding(guest.key)).json().isRegisted).toBe('2');
    const confirm = await updatePhone(guest, guest.phone);
    expect(confirm.statusCode).toBe(410);
    expect(confirm.json()).toMatchObject({ code: 'LINK_EXPIRED', message: GUEST_PAY_MSG.linkTimedOut });
    const phone = await t.app.inject({ method: 'GET', url: `${API}/v4/orders/findConsigneePhone/${guest.key}` });
    expect(phone.statusCode).toBe(410);
  });

  it('keeps a confirmed link working after the bind window, until its 7 days are over', async () => {
    const guest = await guestOrder();
    await registered(guest);
    t.clock.advance(25 * HOUR);
    expect((await binding(guest.key)).json().isRegisted).toBe('1');
    expect((await memberGet(await signedInAgain(guest), notPayUrl(guest))).statusCode).toBe(200);
    t.clock.advance(6 * 24 * HOUR);
    expect((await binding(guest.key)).json().isRegisted).toBe('2');
    expect((await memberGet(await signedInAgain(guest), notPayUrl(guest))).statusCode).toBe(410);
  });

  it('ends a link at once by the operator’s guest-link-end: the bind check answers 2, the entry calls 410', async () => {
    const guest = await guestOrder();
    const ended = await ops('guest-link-end', guest.order.ordersCode);
    expect(ended.ok, ended.lines.join('\n')).toBe(true);
    expect((await binding(guest.key)).json().isRegisted).toBe('2');
    expect((await updatePhone(guest, guest.phone)).statusCode).toBe(410);
    expect((await ops('guest-link-end', guest.order.ordersCode)).ok).toBe(false);
  });

  it('answers 1 for a phone whose account has a password, even when it never signed in', async () => {
    const member = await t.createMember({ password: 'Abc@12345' });
    const guest = await guestOrder(member.phone as string);
    expect((await binding(guest.key)).json().isRegisted).toBe('1');
    expect((await updatePhone(guest, guest.phone)).json().isRegisted).toBe('1');
  });
});

describe('register and sign in by the link', () => {
  it('registers an unregistered phone once with the key and the digits; the next time it asks for an SMS code', async () => {
    const guest = await guestOrder();
    const confirmed = await updatePhone(guest, guest.phone);
    expect(confirmed.json()).toEqual({ isRegisted: '0', consigneePhone: guest.phone });
    const headers = await registered(guest);
    expect((await memberGet(headers, '/v2/member/vo')).statusCode).toBe(200);
    expect((await binding(guest.key)).json().isRegisted).toBe('1');

    const again = await register(guest, guest.phone);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GUEST_PAY_MSG.alreadyRegistered);

    const wrongDigits = await register(guest, wrongPhoneOf(guest.phone));
    expect(wrongDigits.statusCode).toBe(400);
  });

  it('registers once when the button is pressed twenty times at once', async () => {
    const guest = await guestOrder();
    const replies = await Promise.all(Array.from({ length: 20 }, () => register(guest, guest.phone)));
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
  });

  it('signs a registered phone in with the code sent to the link’s phone only', async () => {
    const { member } = await t.createSignedInMember();
    const guest = await guestOrder(member.phone as string);
    expect((await register(guest, guest.phone)).statusCode).toBe(409);

    const sendToOther = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/guest-pay/${guest.key}/sms-code`,
      payload: { phone: wrongPhoneOf(guest.phone) },
      remoteAddress: guest.ip,
    });
    expect(sendToOther.statusCode).toBe(400);
    expect(
      await t.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, wrongPhoneOf(guest.phone))),
    ).toHaveLength(0);

    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/guest-pay/${guest.key}/sms-code`,
      payload: { phone: guest.phone },
      remoteAddress: guest.ip,
    });
    expect(sent.statusCode).toBe(204);
    const code = await t.latestSmsCode(guest.phone);
    const signIn = (smsCode: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/v2/guest-pay/${guest.key}/sign-in`,
        payload: { phone: guest.phone, smsCode },
        remoteAddress: guest.ip,
      });
    expect((await signIn(code === '000000' ? '111111' : '000000')).statusCode).toBe(400);
    const signed = await signIn(code);
    expect(signed.statusCode, signed.body).toBe(200);
    const headers = { authorization: `Bearer ${signed.json().access_token}` };
    expect((await memberGet(headers, notPayUrl(guest))).json().ordersCode).toBe(guest.order.ordersCode);
  });

  it('sends no sign-in code to an unregistered phone (it registers with the key)', async () => {
    const guest = await guestOrder();
    const reply = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/guest-pay/${guest.key}/sms-code`,
      payload: { phone: guest.phone, purpose: 'login' },
      remoteAddress: guest.ip,
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(GUEST_PAY_MSG.notRegistered);
  });
});

describe('a key opens its own order only', () => {
  it('answers 404 to another member, for a phone that is not the link’s, and 400 for a window over 7 days', async () => {
    const mine = await guestOrder();
    const theirs = await guestOrder();
    const myHeaders = await registered(mine);
    const theirHeaders = await registered(theirs);

    expect((await memberGet(myHeaders, notPayUrl(mine))).statusCode).toBe(200);
    // My session with their key, their session with my key: 404 everywhere.
    expect((await memberGet(myHeaders, notPayUrl({ key: theirs.key, phone: theirs.phone }))).statusCode).toBe(404);
    expect((await memberGet(theirHeaders, notPayUrl(mine))).statusCode).toBe(404);
    expect((await memberGet(theirHeaders, `/v2/guest-pay/${mine.key}/inquiry`)).statusCode).toBe(404);
    expect((await memberSend('POST', theirHeaders, `/v2/guest-pay/${mine.key}/pay`, {})).statusCode).toBe(404);
    expect((await memberGet(theirHeaders, `/v2/orders/ordersPatient/${mine.key}/patients`)).statusCode).toBe(404);
    // My key with a phone that is not the link's.
    expect((await memberGet(myHeaders, notPayUrl({ key: mine.key, phone: theirs.phone }))).statusCode).toBe(404);
    // Anonymous: 401.
    expect((await t.app.inject({ method: 'GET', url: `${API}${notPayUrl(mine)}` })).statusCode).toBe(401);

    const tooWide = await memberGet(myHeaders, notPayUrl(mine, '&bgnDate=2026-01-01&endDate=2026-01-08'));
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().message).toBe(GUEST_PAY_MSG.dateWindowInvalid);
    const day = (offset: number) =>
      new Date(t.clock.now().getTime() + 8 * HOUR + offset * 24 * HOUR).toISOString().slice(0, 10);
    expect((await memberGet(myHeaders, notPayUrl(mine, `&bgnDate=${day(-6)}&endDate=${day(0)}`))).statusCode).toBe(200);
    // A window that does not hold the order's day.
    expect((await memberGet(myHeaders, notPayUrl(mine, `&bgnDate=${day(-20)}&endDate=${day(-14)}`))).statusCode).toBe(
      404,
    );
  });
});

describe('the window of the guest order', () => {
  it('takes the dates as the shopper’s calendar days, also from a browser outside China’s time zone', async () => {
    const guest = await guestOrder();
    const headers = await registered(guest);
    // 01:00 on 11 March in China is still 10 March for a browser on UTC.
    await t.db
      .update(orders)
      .set({ creationDate: new Date('2026-03-10T17:00:00Z') })
      .where(eq(orders.id, guest.order.id));
    const window = (bgnDate: string, endDate: string) =>
      memberGet(headers, notPayUrl(guest, `&bgnDate=${bgnDate}&endDate=${endDate}`));
    expect((await window('2026-03-04', '2026-03-10')).statusCode).toBe(200);
    expect((await window('2026-03-11', '2026-03-17')).statusCode).toBe(200);
    expect((await window('2026-03-01', '2026-03-07')).statusCode).toBe(404);
    expect((await window('2026-03-10', '2026-03-09')).statusCode).toBe(400);
  });
});

describe('the guest order and paying', () => {
  it('answers the order with masked phone, costs, countdown and the line kinds of the marks', async () => {
    const guest = await guestOrder(uniquePhone(), '1000101:2,1000102');
    await t.db.insert(orderLines).values([
      {
        orderId: guest.order.id,
        productCode: '1000103',
        productName: '赠品',
        amount: 1,
        actualPrice: 0,
        mark: 3,
        combinationId: 'G1',
        position: 9,
      },
      {
        orderId: guest.order.id,
        productCode: '1000104',
        productName: '奖品',
        amount: 1,
        actualPrice: 0,
        mark: 13,
        position: 3,
      },
      {
        orderId: guest.order.id,
        productCode: '1000105',
        productName: '套餐',
        amount: 1,
        actualPrice: 0,
        mark: 5,
        combinationId: 'C1',
        position: 4,
      },
      {
        orderId: guest.order.id,
        productCode: '1000106',
        productName: '套餐子商品',
        amount: 1,
        actualPrice: 0,
        mark: 6,
        combinationId: 'C1',
        position: 5,
      },
      {
        orderId: guest.order.id,
        productCode: '1000107',
        productName: '带赠品商品',
        amount: 1,
        actualPrice: 0,
        mark: 1,
        combinationId: 'G1',
        position: 6,
      },
    ]);
    await registered(guest);
    t.clock.advance(HOUR);
    const reply = await memberGet(await signedInAgain(guest), notPayUrl(guest));
    expect(reply.statusCode, reply.body).toBe(200);
    const order = reply.json() as GuestOrder;
    expect(order).toMatchObject({
      ordersCode: guest.order.ordersCode,
      orderType: 'waitPay',
      paymentType: 99,
      paymentTypeName: '在线支付',
      consignee: '王小明',
      consigneePhone: `${guest.phone.slice(0, 3)}****${guest.phone.slice(7)}`,
      deliveryAddress: expect.stringContaining('科技园路1号'),
      accountId: guest.order.memberId,
      sum: guest.order.sum,
      advanceSum: guest.order.sum,
      isPaid: false,
    });
    // 23 hours left of 24, give or take the second the test itself takes.
    expect(order.remainingPaySeconds).toBeGreaterThan(23 * 3600 - 5);
    expect(order.remainingPaySeconds).toBeLessThanOrEqual(23 * 3600);
    expect(order.sum).toBe(order.productMoney + order.transportCosts - order.couponValue - order.mallCoinMoney);
    expect(order.orderProducts.every((line) => !line.isPrescription)).toBe(true);
    expect(order.orderProducts.map((line) => [line.productCode, line.kind])).toEqual([
      ['1000101', 'ordinary'],
      ['1000102', 'ordinary'],
      ['1000105', 'comboParent'],
      ['1000106', 'comboChild'],
      ['1000107', 'ordinary'],
      ['1000103', 'gift'],
      ['1000104', 'prize'],
    ]);
  });

  it('pays through the sandbox cashier before the countdown’s end and refuses it after (409 订单超时，无法提交)', async () => {
    const early = await guestOrder();
    const earlyHeaders = await registered(early);
    const paid = await memberSend('POST', earlyHeaders, `/v2/guest-pay/${early.key}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payUrl).toContain('/sandbox/');

    const late = await guestOrder();
    await registered(late);
    t.clock.advance(24 * HOUR);
    const lateHeaders = await signedInAgain(late);
    const refused = await memberSend('POST', lateHeaders, `/v2/guest-pay/${late.key}/pay`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GUEST_PAY_MSG.orderTimeout);
    expect((await memberGet(lateHeaders, notPayUrl(late))).json().remainingPaySeconds).toBe(0);
    // Pay now itself refuses it too.
    const payNow = await memberSend('POST', lateHeaders, '/v2/pay', {
      userId: late.order.memberId,
      orderCodes: late.order.ordersCode,
      paymentType: 99,
    });
    expect(payNow.statusCode).toBe(409);
  });
});

describe('the inquiry by key', () => {
  it('sends an Rx order to the inquiry, takes the patients and the submission by key, then lets it be paid', async () => {
    const guest = await guestOrder(uniquePhone(), '1000401');
    const headers = await registered(guest);
    expect((await memberGet(headers, `/v2/guest-pay/${guest.key}/inquiry`)).json()).toEqual({
      ordersCode: guest.order.ordersCode,
      isRxDrug: true,
      isPerfect: false,
      hasPatient: false,
      next: 'inquiry',
    });
    const blocked = await memberSend('POST', headers, `/v2/guest-pay/${guest.key}/pay`, {});
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(MSG.orderPrescriptionIncomplete);

    const added = await memberSend('POST', headers, `/v2/orders/ordersPatient/${guest.key}/patients`, {
      name: '王小明',
      consigneePhone: guest.phone,
      certificateType: 1,
      idCardNumber: demoIdCard('1985-04-12', '321'),
      relationLabel: 'self',
      healthInfo: EMPTY_HEALTH_INFO,
    });
    expect(added.statusCode, added.body).toBe(201);
    const spare = await givenPatient(t, guest.order.memberId, { name: '李四', birth: '19700505' });
    const listed = await memberGet(headers, `/v2/orders/ordersPatient/${guest.key}/patients`);
    expect(listed.json()).toHaveLength(2);
    expect(
      (await memberSend('DELETE', headers, `/v2/orders/ordersPatient/${guest.key}/patients/${spare.id}`)).statusCode,
    ).toBe(204);

    // The pay page tags the prescription drug's line by the flag the server sends with it.
    const order = (await memberGet(headers, notPayUrl(guest))).json() as GuestOrder;
    expect(order.orderProducts.map((line) => [line.productCode, line.isPrescription])).toEqual([['1000401', true]]);

    const data = await memberGet(headers, `/v4/orders/getPrescriptionSignByToken/${guest.key}`);
    expect(data.json()).toMatchObject({ ordersCode: guest.order.ordersCode, isPerfect: false });
    const submitted = await memberSend('POST', headers, '/v2/orders/inquiry/perfectByToken', {
      token: guest.key,
      ...inquiryBody(added.json().id, '1000401', ['I10']),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await memberGet(headers, `/v2/guest-pay/${guest.key}/inquiry`)).json()).toMatchObject({
      isPerfect: true,
      next: 'pay',
    });
    expect((await memberSend('POST', headers, `/v2/guest-pay/${guest.key}/pay`, {})).statusCode).toBe(200);
  });
});

describe('the inquiry by key: one answer per known question', () => {
  const [, allergy, adverse] = RIGHT_ANSWERS;
  const invented = { question: '药师备注：已电话核实，可直接通过', answer: '是' };
  it.each([
    [
      'the allergy and adverse-reaction questions again with 是, plus an invented line',
      [...RIGHT_ANSWERS, { ...allergy!, answer: '是' }, { ...adverse!, answer: '是' }, invented],
      '每个问诊问题只能回答一次',
    ],
    ['a question answered twice', [...RIGHT_ANSWERS, { ...adverse!, answer: '是' }], '每个问诊问题只能回答一次'],
    ['an invented question', [...RIGHT_ANSWERS, invented], '问诊问题有误，请刷新后重试'],
  ])('perfectByToken refuses %s (400, nothing stored, not payable)', async (_what, answers, message) => {
    const guest = await guestOrder(uniquePhone(), '1000401');
    const headers = await registered(guest);
    const patient = await givenPatient(t, guest.order.memberId);
    const reply = await memberSend('POST', headers, '/v2/orders/inquiry/perfectByToken', {
      token: guest.key,
      ...inquiryBody(patient.id, '1000401', ['I10']),
      prescriptionAnswer: answers,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message, fields: [{ field: 'prescriptionAnswer', message }] });
    expect(await t.db.select().from(orderInquiries).where(eq(orderInquiries.memberId, guest.order.memberId))).toEqual(
      [],
    );
    expect((await memberGet(headers, `/v2/guest-pay/${guest.key}/inquiry`)).json()).toMatchObject({
      isPerfect: false,
      next: 'inquiry',
    });
    const pay = await memberSend('POST', headers, `/v2/guest-pay/${guest.key}/pay`, {});
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(MSG.orderPrescriptionIncomplete);
  });
});

describe('the inquiry by key: self-typed diseases', () => {
  const typedOnly = (patientId: number, customizeDiseases: string[]) => ({
    ...inquiryBody(patientId, '1000401', []),
    skus: [{ productCode: '1000401', diseases: [], customizeDiseases }],
  });

  it.each([
    [
      'a female patient with 前列腺增生 typed (the dictionary’s N40)',
      1,
      ['前列腺增生'],
      '所选用药人性别不适用，请更换用药人',
    ],
    ['typed names none of which is in the dictionary', 0, ['夜间腿抽筋'], '请选择确诊疾病'],
  ] as const)('perfectByToken refuses %s (400, nothing stored)', async (_what, sex, typed, message) => {
    const guest = await guestOrder(uniquePhone(), '1000401');
    const headers = await registered(guest);
    const patient = await givenPatient(t, guest.order.memberId, { sex });
    const reply = await memberSend('POST', headers, '/v2/orders/inquiry/perfectByToken', {
      token: guest.key,
      ...typedOnly(patient.id, [...typed]),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(await t.db.select().from(orderInquiries).where(eq(orderInquiries.memberId, guest.order.memberId))).toEqual(
      [],
    );
  });
});

describe('the patients by key', () => {
  const patientsUrl = (key: string) => `/v2/orders/ordersPatient/${key}/patients`;
  const newPatient = (phone: string) => ({
    name: '赵六',
    consigneePhone: phone,
    certificateType: 1,
    idCardNumber: demoIdCard('1990-02-03', '517'),
    relationLabel: 'friend',
    healthInfo: EMPTY_HEALTH_INFO,
  });
  const namesOf = async (memberId: number) =>
    (await t.db.select().from(patients).where(eq(patients.memberId, memberId))).map((row) => row.name).sort();

  it('reads, adds, edits and deletes the member’s own patients through the key', async () => {
    const guest = await guestOrder();
    const headers = await registered(guest);
    const added = await memberSend('POST', headers, patientsUrl(guest.key), newPatient(guest.phone));
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as number;
    const one = await memberGet(headers, `${patientsUrl(guest.key)}/${id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id, name: '赵六', relationLabel: 'friend' });
    const edited = await memberSend('POST', headers, patientsUrl(guest.key), {
      ...newPatient(guest.phone),
      id,
      relationLabel: 'parents',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, relationLabel: 'parents' });
    expect((await memberSend('DELETE', headers, `${patientsUrl(guest.key)}/${id}`)).statusCode).toBe(204);
    expect(await namesOf(guest.order.memberId)).toEqual([]);
  });

  it('answers 404 to another member’s session and for another member’s patient, and changes nothing', async () => {
    const mine = await guestOrder();
    const theirs = await guestOrder();
    const myHeaders = await registered(mine);
    const theirHeaders = await registered(theirs);
    const myPatient = await givenPatient(t, mine.order.memberId, { name: '王五' });
    const theirPatient = await givenPatient(t, theirs.order.memberId, { name: '孙七' });

    // Their session with my key: nothing of mine is read, added, edited or deleted.
    expect((await memberGet(theirHeaders, `${patientsUrl(mine.key)}/${myPatient.id}`)).statusCode).toBe(404);
    expect((await memberSend('POST', theirHeaders, patientsUrl(mine.key), newPatient(mine.phone))).statusCode).toBe(
      404,
    );
    const editByThem = { ...newPatient(mine.phone), id: myPatient.id, name: '改名' };
    expect((await memberSend('POST', theirHeaders, patientsUrl(mine.key), editByThem)).statusCode).toBe(404);
    expect((await memberSend('DELETE', theirHeaders, `${patientsUrl(mine.key)}/${myPatient.id}`)).statusCode).toBe(404);
    // My key names my order only: their patient's id is 404 through it.
    expect((await memberGet(myHeaders, `${patientsUrl(mine.key)}/${theirPatient.id}`)).statusCode).toBe(404);
    const editTheirs = { ...newPatient(mine.phone), id: theirPatient.id, name: '改名' };
    expect((await memberSend('POST', myHeaders, patientsUrl(mine.key), editTheirs)).statusCode).toBe(404);
    expect((await memberSend('DELETE', myHeaders, `${patientsUrl(mine.key)}/${theirPatient.id}`)).statusCode).toBe(404);
    // A malformed id or key, and no session.
    expect((await memberGet(myHeaders, `${patientsUrl(mine.key)}/0`)).statusCode).toBe(404);
    expect((await memberGet(myHeaders, `${patientsUrl(randomToken())}/${myPatient.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${API}${patientsUrl(mine.key)}` })).statusCode).toBe(401);

    expect(await namesOf(mine.order.memberId)).toEqual(['王五']);
    expect(await namesOf(theirs.order.memberId)).toEqual(['孙七']);
  });

  it('refuses a timed-out link (410) and a locked one (429), and changes nothing', async () => {
    const locked = await guestOrder();
    const lockedHeaders = await registered(locked);
    const kept = await givenPatient(t, locked.order.memberId, { name: '王五' });
    for (let tried = 1; tried <= 10; tried++) await updatePhone(locked, wrongPhoneOf(locked.phone));
    expect((await binding(locked.key)).json().isLocked).toBe(true);
    const lockedCalls = [
      await memberGet(lockedHeaders, patientsUrl(locked.key)),
      await memberGet(lockedHeaders, `${patientsUrl(locked.key)}/${kept.id}`),
      await memberSend('POST', lockedHeaders, patientsUrl(locked.key), newPatient(locked.phone)),
      await memberSend('DELETE', lockedHeaders, `${patientsUrl(locked.key)}/${kept.id}`),
    ];
    expect(lockedCalls.map((reply) => reply.statusCode)).toEqual([429, 429, 429, 429]);
    expect(lockedCalls[2]?.json().message).toBe(GUEST_PAY_MSG.linkLocked);
    expect(await namesOf(locked.order.memberId)).toEqual(['王五']);

    const old = await guestOrder();
    await registered(old);
    const oldPatient = await givenPatient(t, old.order.memberId, { name: '李四' });
    t.clock.advance(7 * 24 * HOUR + HOUR);
    const headers = await signedInAgain(old);
    const expiredCalls = [
      await memberGet(headers, patientsUrl(old.key)),
      await memberSend('POST', headers, patientsUrl(old.key), newPatient(old.phone)),
      await memberSend('DELETE', headers, `${patientsUrl(old.key)}/${oldPatient.id}`),
    ];
    expect(expiredCalls.map((reply) => reply.statusCode)).toEqual([410, 410, 410]);
    expect(expiredCalls[1]?.json().message).toBe(GUEST_PAY_MSG.linkTimedOut);
    expect(await namesOf(old.order.memberId)).toEqual(['李四']);
  });
});

describe('the guest password set', () => {
  it('sets the password with the link’s phone and its SMS code; the two inputs must match', async () => {
    const guest = await guestOrder();
    const headers = await registered(guest);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/v2/guest-pay/${guest.key}/sms-code`,
      payload: { phone: guest.phone, purpose: 'resetPassword' },
      remoteAddress: guest.ip,
    });
    expect(sent.statusCode).toBe(204);
    const smsCode = await t.latestSmsCode(guest.phone);
    const url = `/v2/guest-pay/${guest.key}/password`;

    const differ = await memberSend('PUT', headers, url, {
      password: 'Abc@12345',
      confirmPassword: 'Abc@12346',
      phone: guest.phone,
      smsCode,
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().message).toBe(MSG.passwordsDiffer);

    const set = await memberSend('PUT', headers, url, {
      password: 'Abc@12345',
      confirmPassword: 'Abc@12345',
      phone: guest.phone,
      smsCode,
    });
    expect(set.statusCode, set.body).toBe(204);
    const [member] = await t.db
      .select()
      .from(members)
      .where(and(eq(members.id, guest.order.memberId)));
    expect(member?.passwordHash).toBeTruthy();
    // The current sign-in stays.
    expect((await memberGet(headers, '/v2/member/vo')).statusCode).toBe(200);
  });
});
