import { MSG } from '@anxin/shared/common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { coinEntries } from './assets.schema.ts';
import { COINS_EXPIRED_DESCRIPTION, coinsExpiredAt } from './coins.rules.ts';
import { createCoinService } from './coins.service.ts';

const DAY_MS = 86_400_000;
const t0 = new Date('2025-03-01T02:00:00Z');
const day = (n: number) => new Date(t0.getTime() + n * DAY_MS);

describe('coinsExpiredAt (the oldest coins are spent first, each lot expires a year after it came)', () => {
  it('expires what is left of a lot at its year, not before', () => {
    const ledger = [
      { amount: 100, createdAt: day(0) },
      { amount: -30, createdAt: day(10) },
      { amount: 50, createdAt: day(200) },
    ];
    expect(coinsExpiredAt(ledger, day(364))).toBe(0);
    expect(coinsExpiredAt(ledger, new Date('2026-03-01T02:00:00Z'))).toBe(70);
    // The expiry entry itself uses up the old lot: the next year takes only the second lot.
    const afterFirst = [...ledger, { amount: -70, createdAt: day(366) }];
    expect(coinsExpiredAt(afterFirst, day(366))).toBe(0);
    expect(coinsExpiredAt(afterFirst, day(566))).toBe(50);
  });

  it('spends the oldest lot first, so a spend saves the coins that expire soonest', () => {
    const ledger = [
      { amount: 100, createdAt: day(0) },
      { amount: 100, createdAt: day(100) },
      { amount: -150, createdAt: day(150) },
    ];
    expect(coinsExpiredAt(ledger, day(366))).toBe(0);
    expect(coinsExpiredAt(ledger, day(466))).toBe(50);
  });
});

describe('coin expiry on the injectable clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (memberId: number, path: string) => {
    const { authorization } = await t.signIn(memberId);
    const reply = await t.app.inject({ method: 'GET', url: `/web-gateway${path}`, headers: { authorization } });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  const expiryEntries = (memberId: number) =>
    t.db
      .select()
      .from(coinEntries)
      .where(and(eq(coinEntries.memberId, memberId), eq(coinEntries.description, COINS_EXPIRED_DESCRIPTION)));

  it('takes the coins of a year ago out of the balance through one ledger entry, the oldest spent first', async () => {
    const member = await t.createMember();
    await t.db.transaction((tx) =>
      createCoinService(t.db).earn(tx, member.id, 100, '订单完成奖励', null, t.clock.now()),
    );
    t.clock.advance(200 * DAY_MS);
    await t.db.transaction((tx) =>
      createCoinService(t.db).earn(tx, member.id, 50, '商品评价奖励', null, t.clock.now()),
    );
    // The 30 spent come out of the first 100 (the oldest), which leaves 70 of it to expire.
    await t.db.transaction((tx) => createCoinService(t.db).spend(tx, member.id, 30, null, t.clock.now(), '健康币扣减'));
    expect((await get(member.id, '/v2/coins/total')).total).toBe(120);

    t.clock.advance(166 * DAY_MS); // a year and a day after the first 100
    // Ten readers at once write the expiry once (the member lock, then the check again).
    const totals = await Promise.all(
      Array.from({ length: 10 }, () => get(member.id, '/v2/coins/total').then((reply) => reply.total)),
    );
    expect(totals).toEqual(Array.from({ length: 10 }, () => 50));
    expect(await expiryEntries(member.id)).toHaveLength(1);

    const history = await get(member.id, '/v2/coins?page=1&size=10');
    expect(history.content[0]).toMatchObject({ coinAmount: -70, description: COINS_EXPIRED_DESCRIPTION });
    expect(history.content.reduce((sum: number, entry: { coinAmount: number }) => sum + entry.coinAmount, 0)).toBe(50);
    expect((await get(member.id, '/v2/member/counts')).coins).toBe(50);

    // Spending sees the balance after expiry.
    await expect(
      t.db.transaction((tx) => createCoinService(t.db).spend(tx, member.id, 60, null, t.clock.now(), '健康币扣减')),
    ).rejects.toThrow(MSG.coinsNotEnough);

    t.clock.advance(200 * DAY_MS); // the 50 have had their year too
    const history2 = await get(member.id, '/v2/coins?page=1&size=10');
    expect(history2.content[0]).toMatchObject({ coinAmount: -50, description: COINS_EXPIRED_DESCRIPTION });
    expect((await get(member.id, '/v2/coins/total')).total).toBe(0);
    expect(await expiryEntries(member.id)).toHaveLength(2);
  });

  it('expires inside a write too: coins earned after the year do not keep the old ones alive', async () => {
    const member = await t.createMember();
    await t.db.transaction((tx) =>
      createCoinService(t.db).earn(tx, member.id, 80, '订单完成奖励', null, t.clock.now()),
    );
    t.clock.advance(400 * DAY_MS);
    const { balance } = await t.db.transaction((tx) =>
      createCoinService(t.db).earn(tx, member.id, 20, '商品评价奖励', null, t.clock.now()),
    );
    expect(balance).toBe(20);
    expect(await expiryEntries(member.id)).toHaveLength(1);
  });
});
