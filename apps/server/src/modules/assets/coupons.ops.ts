// `npm run ops -- coupon-batch <template> <phone,…|--file <path>>`: one coupon of a named template to each
// member of a list, all or nothing.
import { readFile } from 'node:fs/promises';
import { formatYuan } from '@anxin/shared/common/money';
import { PHONE_PATTERN } from '@anxin/shared/common/phone';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { members } from '../account/account.module.ts';
import { insertCoupons } from './assets.repository.ts';
import { type NewCoupon, rowOf } from './coupons.rules.ts';

/**
 * The campaigns the operator issues in batches. Kept in code (not a table): a template is reviewed like any
 * other change to what coupons are worth, and a batch names one by its key.
 */
export const COUPON_TEMPLATES: Record<string, NewCoupon & { title: string }> = {
  'freight-10': { title: '运费补贴¥10', couponType: 4, couponValue: 1000, days: 30 },
  'spend-99-10': { title: '满99减10', couponType: 1, couponValue: 1000, minConsume: 9900, days: 30 },
  'spend-199-30': { title: '满199减30', couponType: 1, couponValue: 3000, minConsume: 19900, days: 30 },
  'chronic-20': {
    title: '慢病用药满99减20',
    couponType: 1,
    couponValue: 2000,
    minConsume: 9900,
    days: 60,
    usingRange: '仅限慢病用药',
    scope: 'classCodes',
    scopeCodes: ['200401'],
  },
};

/** The most members one batch reaches (one transaction, one multi-row insert). */
export const COUPON_BATCH_MAX = 5000;

export const COUPON_BATCH_USAGE = `coupon-batch <template> <phone,…|--file <path>>  (templates: ${Object.keys(COUPON_TEMPLATES).join(', ')})`;

/** Phones from the command line (comma separated) or a file (one per line, or separated by commas or spaces). */
async function phonesFrom(args: string[]): Promise<string[] | undefined> {
  if (args[0] === '--file') {
    if (!args[1] || args.length > 2) return undefined;
    return (await readFile(args[1], 'utf8')).split(/[\s,，]+/).filter(Boolean);
  }
  if (args.length !== 1 || !args[0]) return undefined;
  return args[0].split(',').filter(Boolean);
}

/**
 * Checks the whole list first (every phone well formed and a member's, at most COUPON_BATCH_MAX after removing
 * repeats), then issues one coupon per member in one transaction: a refused batch issues nothing, so the
 * operator fixes the list and runs it again. Running a batch that succeeded again issues again.
 */
export async function runCouponBatchCommand(
  deps: { db: Database; clock: Clock },
  args: string[],
): Promise<{ ok: boolean; lines: string[] }> {
  const [templateKey, ...rest] = args;
  const template = templateKey ? COUPON_TEMPLATES[templateKey] : undefined;
  const phones = await phonesFrom(rest);
  if (!template || !phones?.length) return { ok: false, lines: [`✘ ${COUPON_BATCH_USAGE}`] };

  const unique = [...new Set(phones)];
  const malformed = unique.filter((phone) => !PHONE_PATTERN.test(phone));
  if (malformed.length) return { ok: false, lines: [`✘ 手机号格式错误 malformed: ${malformed.join(', ')}`] };
  if (unique.length > COUPON_BATCH_MAX) {
    return { ok: false, lines: [`✘ 一次最多发放${COUPON_BATCH_MAX}人 at most ${COUPON_BATCH_MAX} members a batch`] };
  }
  const found = await deps.db
    .select({ id: members.id, phone: members.phone })
    .from(members)
    .where(inArray(members.phone, unique));
  const unknown = unique.filter((phone) => !found.some((member) => member.phone === phone));
  if (unknown.length) return { ok: false, lines: [`✘ 没有这些会员 no member with phone: ${unknown.join(', ')}`] };

  const now = deps.clock.now();
  const { title, ...coupon } = template;
  const issued = await deps.db.transaction((tx) =>
    insertCoupons(
      tx,
      found.map((member) => rowOf(member.id, coupon, now)),
    ),
  );
  const expiry = issued[0]?.expiredDate.toISOString().slice(0, 10);
  return {
    ok: true,
    lines: [
      `✔ 已发放 ${title}（¥${formatYuan(coupon.couponValue)}）给 ${issued.length} 位会员，有效期至 ${expiry} issued ${issued.length}`,
    ],
  };
}
