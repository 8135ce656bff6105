import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCommand } from '../../ops/commands.ts';
import { buildTestApp, type TestApp, uniquePhone } from '../../test/build-test-app.ts';
import { coupons } from './assets.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ops = (...argv: string[]) => runOpsCommand(t.opsDeps(), ['coupon-batch', ...argv]);
const couponsOf = (memberIds: number[]) => t.db.select().from(coupons).where(inArray(coupons.memberId, memberIds));

describe('npm run ops -- coupon-batch', () => {
  it('issues one coupon of the template to each member of the list, a repeated phone once', async () => {
    const [a, b] = [await t.createMember(), await t.createMember()];
    const result = await ops('spend-99-10', `${a.phone},${b.phone},${a.phone}`);
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(result.lines[0]).toContain('给 2 位会员');
    const rows = await couponsOf([a.id, b.id]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ couponType: 1, couponValue: 1000, minConsume: 9900, scope: 'all', giftSlot: null });
      expect(row.expiredDate.getTime() - row.activeDate.getTime()).toBe(30 * 86_400_000);
    }
  });

  it('reads the phones from a file and keeps the template’s scope', async () => {
    const [a, b] = [await t.createMember(), await t.createMember()];
    const file = join(tmpdir(), `coupon-batch-${process.pid}.txt`);
    await writeFile(file, `${a.phone}\n${b.phone}\n\n`);
    const result = await ops('chronic-20', '--file', file);
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const rows = await couponsOf([a.id, b.id]);
    expect(rows.map((row) => row.scopeCodes)).toEqual([['200401'], ['200401']]);
    expect(rows[0]).toMatchObject({ scope: 'classCodes', usingRange: '仅限慢病用药', couponValue: 2000 });
  });

  it('issues nothing when any phone is malformed or not a member’s, or the template is unknown', async () => {
    const member = await t.createMember();
    const phone = member.phone ?? '';
    const unknown = uniquePhone();
    for (const argv of [
      ['spend-99-10', `${phone},${unknown}`],
      ['spend-99-10', `${phone},1234`],
      ['half-price', phone],
      ['spend-99-10'],
      ['spend-99-10', '--file'],
    ]) {
      const result = await ops(...argv);
      expect(result.ok, argv.join(' ')).toBe(false);
    }
    expect((await ops('spend-99-10', `${phone},${unknown}`)).lines[0]).toContain(unknown);
    expect(await t.db.select().from(coupons).where(eq(coupons.memberId, member.id))).toEqual([]);
  });
});
