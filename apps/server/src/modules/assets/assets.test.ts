import { readFileSync } from 'node:fs';
import { COUPON_STATUSES } from '@anxin/shared/assets/assets.contract';
import { MSG } from '@anxin/shared/common/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { seedDemoMember } from '../account/account.seed.ts';
import { coinEntries, coupons } from './assets.schema.ts';
import { seedDemoAssets } from './assets.seed.ts';
import { createCoinService } from './coins.service.ts';
import { GIFT_PACK } from './coupons.rules.ts';
import { createCouponService } from './coupons.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = { authorization: string };
const get = (headers: Headers | undefined, path: string) =>
  t.app.inject({ method: 'GET', url: `/web-gateway${path}`, headers });
async function getOk<T = Record<string, unknown>>(headers: Headers, path: string): Promise<T> {
  const reply = await get(headers, path);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as T;
}
const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), argv);
type CouponPage = { content: { id: number; status: string }[]; totalElements: number; totalPages: number };

describe('signed-out', () => {
  it.each([
    '/v2/coupons',
    '/v2/coupons/counts',
    '/v2/coins',
    '/v2/coins/total',
    '/v2/member/counts',
    '/v2/member/giftPack',
  ])('GET %s answers 401', async (path) => {
    const reply = await get(undefined, path);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe(MSG.notSignedIn);
  });
});

describe('coupons', () => {
  it('pages a status 6 at a time, and the counts agree with the pages', async () => {
    const { member, headers } = await t.createSignedInMember();
    const now = t.clock.now();
    for (let i = 0; i < 8; i++)
      await createCouponService(t.db).issue(member.id, { couponType: 1, couponValue: 100 + i, days: 10 + i }, now);
    await createCouponService(t.db).issue(member.id, { couponType: 4, couponValue: 800, days: 5 }, now);
    const used = await createCouponService(t.db).issue(member.id, { couponType: 1, couponValue: 500, days: 30 }, now);
    await t.db.update(coupons).set({ usedAt: now, usedOrderCode: 'X1' }).where(eq(coupons.id, used.id));

    const counts = await getOk(headers, '/v2/coupons/counts');
    expect(counts).toEqual({ '0': 9, '1': 1, '2': 0 });
    const first = await getOk<CouponPage>(headers, '/v2/coupons?status=0&page=1');
    expect(first).toMatchObject({ totalElements: 9, totalPages: 2, page: 1, size: 6 });
    expect(first.content).toHaveLength(6);
    const second = await getOk<CouponPage>(headers, '/v2/coupons?status=0&page=2&size=6');
    expect(second.content).toHaveLength(3);
    expect(new Set([...first.content, ...second.content].map((c) => c.id)).size).toBe(9);
    // Unused: the nearest expiry first (the freight one, 5 days).
    expect(first.content[0]).toMatchObject({ couponType: 4, couponValue: 800, status: '0', deviceType: null });
    for (const status of COUPON_STATUSES) {
      const page = await getOk<CouponPage>(headers, `/v2/coupons?status=${status}&size=50`);
      expect(page.totalElements).toBe(counts[status]);
      expect(page.content.every((coupon) => coupon.status === status)).toBe(true);
    }
    const usedPage = await getOk<CouponPage>(headers, '/v2/coupons?status=1');
    expect(usedPage.content[0]).toMatchObject({ id: used.id, usedOrderCode: 'X1' });
    expect((await getOk(headers, '/v2/member/counts')).coupons).toBe(9);
  });

  it('moves a coupon from unused to expired when the clock passes its expiry', async () => {
    const { member, headers: before } = await t.createSignedInMember();
    const coupon = await createCouponService(t.db).issue(
      member.id,
      { couponType: 1, couponValue: 300, days: 1 },
      t.clock.now(),
    );
    expect(await getOk(before, '/v2/coupons/counts')).toEqual({ '0': 1, '1': 0, '2': 0 });
    t.clock.advanceMinutes(24 * 60 - 1);
    expect(await getOk(await t.signIn(member.id), '/v2/coupons/counts')).toEqual({ '0': 1, '1': 0, '2': 0 });
    t.clock.advanceMinutes(1);
    // A day on, the sign-in has expired: sign in again.
    const headers = await t.signIn(member.id);
    expect(await getOk(headers, '/v2/coupons/counts')).toEqual({ '0': 0, '1': 0, '2': 1 });
    const expired = await getOk<CouponPage>(headers, '/v2/coupons?status=2');
    expect(expired.content.map((c) => [c.id, c.status])).toEqual([[coupon.id, '2']]);
    expect((await getOk<CouponPage>(headers, '/v2/coupons?status=0')).totalElements).toBe(0);
  });

  it('never shows another member’s coupons or coins', async () => {
    const owner = await t.createSignedInMember();
    const other = await t.createSignedInMember();
    await createCouponService(t.db).issue(owner.member.id, { couponType: 1, couponValue: 300, days: 3 }, t.clock.now());
    await t.db.transaction((tx) => createCoinService(t.db).earn(tx, owner.member.id, 500, '测试', null, t.clock.now()));
    expect(await getOk(other.headers, '/v2/coupons/counts')).toEqual({ '0': 0, '1': 0, '2': 0 });
    expect((await getOk<CouponPage>(other.headers, '/v2/coupons')).content).toEqual([]);
    expect(await getOk(other.headers, '/v2/coins/total')).toEqual({ total: 0 });
    expect((await getOk<CouponPage>(other.headers, '/v2/coins')).totalElements).toBe(0);
    expect(await getOk(other.headers, '/v2/member/counts')).toEqual({ favorites: 0, coupons: 0, coins: 0 });
  });

  it.each([
    ['/v2/coupons?status=3', MSG.couponStatusInvalid],
    ['/v2/coupons?status=abc', MSG.couponStatusInvalid],
    ['/v2/coupons?size=51', MSG.pageSizeInvalid],
    ['/v2/coupons?size=0', MSG.pageSizeInvalid],
    ['/v2/coupons?page=0', MSG.pageInvalid],
    ['/v2/coupons?page=x', MSG.pageInvalid],
    ['/v2/coins?size=500', MSG.pageSizeInvalid],
    ['/v2/coins?page=-1', MSG.pageInvalid],
  ])('refuses %s with a Chinese message', async (path, message) => {
    const { headers } = await t.createSignedInMember();
    const reply = await get(headers, path);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});

describe('coins', () => {
  it('pages the ledger 10 at a time, newest first, and totals it', async () => {
    const { member, headers } = await t.createSignedInMember();
    for (let i = 1; i <= 12; i++) {
      t.clock.advanceMinutes(1);
      await t.db.transaction((tx) =>
        createCoinService(t.db).earn(tx, member.id, i * 10, `奖励${i}`, `O${i}`, t.clock.now()),
      );
    }
    await t.db.transaction((tx) => createCoinService(t.db).spend(tx, member.id, 100, 'O99', t.clock.now()));
    const first = await getOk<{ content: { coinAmount: number; description: string; orderCode: string }[] }>(
      headers,
      '/v2/coins',
    );
    expect(first).toMatchObject({ totalElements: 13, totalPages: 2, page: 1, size: 10 });
    expect(first.content).toHaveLength(10);
    expect(first.content[0]).toMatchObject({ coinAmount: -100, orderCode: 'O99', description: '订单抵扣（订单O99）' });
    expect((await getOk<CouponPage>(headers, '/v2/coins?page=2')).content).toHaveLength(3);
    expect(await getOk(headers, '/v2/coins/total')).toEqual({ total: 780 - 100 });
    expect((await getOk(headers, '/v2/member/counts')).coins).toBe(680);
  });

  it('the migration 0020 rewords the spends written as 订单AX…抵扣, and nothing else', async () => {
    const member = await t.createMember();
    const entry = (amount: number, description: string, orderCode: string | null) => ({
      memberId: member.id,
      amount,
      description,
      orderCode,
      createdAt: t.clock.now(),
    });
    await t.db
      .insert(coinEntries)
      .values([
        entry(500, '活动奖励', null),
        entry(-100, '订单AX2026010100000001抵扣', 'AX2026010100000001'),
        entry(100, '订单取消退回（订单AX2026010100000001）', 'AX2026010100000001'),
        entry(-50, '订单AX2026010100000009抵扣', 'AX2026010100000002'),
        entry(-20, '健康币扣减', null),
      ]);
    const migration = readFileSync(new URL('../../db/drizzle/0020_coin-order-wording.sql', import.meta.url), 'utf8');
    await t.db.execute(sql.raw(migration));
    const rows = await t.db
      .select({ description: coinEntries.description })
      .from(coinEntries)
      .where(eq(coinEntries.memberId, member.id))
      .orderBy(coinEntries.id);
    expect(rows.map((row) => row.description)).toEqual([
      '活动奖励',
      '订单抵扣（订单AX2026010100000001）',
      '订单取消退回（订单AX2026010100000001）',
      // Names another order than its own: not a spend this code wrote, left as it is.
      '订单AX2026010100000009抵扣',
      '健康币扣减',
    ]);
  });

  it('never goes below zero: of 20 parallel spends of 30 from 250, exactly 8 succeed', async () => {
    const member = await t.createMember();
    await t.db.transaction((tx) => createCoinService(t.db).earn(tx, member.id, 250, '测试', null, t.clock.now()));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) => createCoinService(t.db).spend(tx, member.id, 30, `P${i}`, t.clock.now())),
      ),
    );
    const ok = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(ok).toHaveLength(8);
    for (const result of refused) expect((result as PromiseRejectedResult).reason.message).toBe(MSG.coinsNotEnough);
    expect(await createCoinService(t.db).balance(member.id, t.clock.now())).toBe(10);
    const rows = await t.db.select().from(coinEntries).where(eq(coinEntries.memberId, member.id));
    expect(rows).toHaveLength(9);
  });
});

describe('new-user gift pack', () => {
  it('is issued once to a member registered by SMS sign-in, and shows each coupon’s state', async () => {
    const phone = uniquePhone();
    const code = await t.sendSmsCode(phone, 'login', '10.13.0.1');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/web-gateway/passport/account/smsLogin/v2',
      payload: { phoneNum: phone, smsCode: code },
      remoteAddress: '10.13.0.1',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().access_token}` };
    const pack = await getOk<{ giftPacksCouponDTOS: { couponStatus: string; couponValue: number }[] }>(
      headers,
      '/v2/member/giftPack',
    );
    expect(pack.giftPacksCouponDTOS).toEqual(
      GIFT_PACK.map((coupon) => ({
        couponStatus: '0',
        couponAmount: 1,
        couponValue: coupon.couponValue,
        couponType: coupon.couponType,
        minConsume: coupon.minConsume,
      })),
    );
    expect(await getOk(headers, '/v2/coupons/counts')).toEqual({ '0': GIFT_PACK.length, '1': 0, '2': 0 });

    // A second issue (a retry, a race) adds nothing.
    const id = (await getOk<{ content: { id: number }[] }>(headers, '/v2/coupons')).content[0]?.id as number;
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, id));
    expect(await createCouponService(t.db).issueGiftPack(t.db, row.memberId, t.clock.now())).toEqual([]);
    expect(await getOk(headers, '/v2/coupons/counts')).toEqual({ '0': GIFT_PACK.length, '1': 0, '2': 0 });

    t.clock.advanceMinutes(31 * 24 * 60);
    const later = await getOk<{ giftPacksCouponDTOS: { couponStatus: string }[] }>(
      await t.signIn(row.memberId),
      '/v2/member/giftPack',
    );
    expect(later.giftPacksCouponDTOS.map((c) => c.couponStatus)).toEqual(GIFT_PACK.map(() => '2'));
  });

  it('is empty for a member who never received one', async () => {
    const { headers } = await t.createSignedInMember();
    expect(await getOk(headers, '/v2/member/giftPack')).toEqual({ giftPacksCouponDTOS: [] });
  });
});

describe('operator commands', () => {
  it('coupon issues a coupon to a phone, freight or ordinary, with minimum and days', async () => {
    const { member, headers } = await t.createSignedInMember();
    const result = await ops('coupon', member.phone as string, '12.5', '--min', '99', '--days', '7');
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const freight = await ops('coupon', member.phone as string, '8', '--freight');
    expect(freight.ok, freight.lines.join('\n')).toBe(true);
    const page = await getOk<{ content: Record<string, unknown>[] }>(headers, '/v2/coupons');
    expect(page.content).toEqual([
      expect.objectContaining({ couponType: 1, couponValue: 1250, minConsume: 9900, usingRange: '全场通用' }),
      expect.objectContaining({ couponType: 4, couponValue: 800, minConsume: 0 }),
    ]);
    const [first] = page.content as { activeDate: string; expiredDate: string }[];
    expect(Date.parse(first.expiredDate) - Date.parse(first.activeDate)).toBe(7 * 86_400_000);
  });

  it('coupon refuses bad input and unknown phones', async () => {
    expect((await ops('coupon', '13912345678')).ok).toBe(false);
    expect((await ops('coupon', '13912345678', '0')).ok).toBe(false);
    expect((await ops('coupon', '13912345678', '1.234')).ok).toBe(false);
    expect((await ops('coupon', '13912345678', '5', '--days', 'x')).ok).toBe(false);
    expect((await ops('coupon', uniquePhone(), '5')).ok).toBe(false);
  });

  it('coins grants coins and takes them back, never below zero', async () => {
    const { member, headers } = await t.createSignedInMember();
    const phone = member.phone as string;
    expect((await ops('coins', phone, '300', '活动', '奖励')).ok).toBe(true);
    expect((await ops('coins', phone, '-100', '更正')).ok).toBe(true);
    const refused = await ops('coins', phone, '-500', '更正');
    expect(refused.ok).toBe(false);
    expect(refused.lines[0]).toContain(MSG.coinsNotEnough);
    expect((await ops('coins', phone, 'abc', 'x')).ok).toBe(false);
    expect((await ops('coins', phone, '10')).ok).toBe(false);
    expect(await getOk(headers, '/v2/coins/total')).toEqual({ total: 200 });
    const page = await getOk<{ content: { description: string }[] }>(headers, '/v2/coins');
    expect(page.content.map((entry) => entry.description)).toEqual(['更正', '活动 奖励']);
  });
});

describe('demo data', () => {
  it('gives the demo member coupons in all three states and a coin history over 10, once', async () => {
    await seedDemoMember(t.db, t.clock);
    await seedDemoAssets(t.db, t.clock);
    await seedDemoAssets(t.db, t.clock);
    const { findMemberByPhone } = await import('../account/account.repository.ts');
    const demo = await findMemberByPhone(t.db, '13800138000');
    const headers = await t.signIn(demo?.id as number);
    const counts = await getOk<Record<string, number>>(headers, '/v2/coupons/counts');
    expect(counts['0']).toBeGreaterThan(6);
    expect(counts['1']).toBeGreaterThan(0);
    expect(counts['2']).toBeGreaterThan(0);
    const unused = await getOk<{ content: { couponType: number; deviceType: string | null }[] }>(
      headers,
      '/v2/coupons?status=0&size=50',
    );
    expect(unused.content.some((c) => c.couponType === 4)).toBe(true);
    expect(unused.content.some((c) => c.deviceType === '3')).toBe(true);
    const coins = await getOk<{ totalElements: number }>(headers, '/v2/coins');
    expect(coins.totalElements).toBeGreaterThan(10);
    expect((await getOk<{ total: number }>(headers, '/v2/coins/total')).total).toBeGreaterThan(0);
  });
});
