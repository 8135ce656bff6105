// The operator's commands of coupons and coins (`npm run ops -- coupon|coupon-batch|coins`), docs/ASSETS.md.
import { formatYuanWithSign } from '@anxin/shared/common/money';
import { chinaTime, type OpsCommand, opsUsage, optionOf } from '../../platform/ops-command.ts';
import { findMemberByPhone } from '../account/account.module.ts';
import { createCoinService } from './coins.service.ts';
import { COUPON_TEMPLATES, runCouponBatchCommand } from './coupons.ops.ts';
import { createCouponService } from './coupons.service.ts';

/** '12.5' → 1250 cents; undefined when not a positive amount (or zero when `allowZero`) with at most 2 decimals. */
function yuanToCents(text: string | undefined, allowZero = false): number | undefined {
  if (!text || !/^\d{1,6}(\.\d{1,2})?$/.test(text)) return undefined;
  const cents = Math.round(Number(text) * 100);
  return cents > 0 || allowZero ? cents : undefined;
}

const noMember = (phone: string) => ({ ok: false, lines: [`✘ 没有这个会员 no member with phone ${phone}`] });

export const assetsCommands: OpsCommand[] = [
  {
    name: 'coupon',
    args: '<phone> <value-yuan> [--min <yuan>] [--days <n>] [--freight]',
    help: '发放健康补贴 / issue a coupon (default: no minimum, 30 days; --freight: a freight subsidy, pays freight only)',
    async run({ db, clock }, args) {
      const [phone, value] = args;
      const cents = yuanToCents(value);
      const min = optionOf(args, '--min');
      const minCents = min === undefined ? 0 : yuanToCents(min, true);
      const daysText = optionOf(args, '--days') ?? '30';
      const days = /^[1-9]\d{0,3}$/.test(daysText) ? Number(daysText) : undefined;
      if (!phone || !cents || minCents === undefined || !days) {
        return opsUsage('coupon <phone> <value-yuan> [--min <yuan>] [--days <n>] [--freight]');
      }
      const member = await findMemberByPhone(db, phone);
      if (!member) return noMember(phone);
      const isFreight = args.includes('--freight');
      const coupon = await createCouponService(db).issue(
        member.id,
        { couponType: isFreight ? 4 : 1, couponValue: cents, minConsume: minCents, days },
        clock.now(),
      );
      return {
        ok: true,
        lines: [
          `✔ 已发放${isFreight ? '运费' : ''}补贴 coupon ${coupon.id}: ${formatYuanWithSign(cents)}` +
            `${minCents ? ` 满${formatYuanWithSign(minCents)}可用` : ' 无门槛'}，有效期至 ${chinaTime(coupon.expiredDate)}`,
        ],
      };
    },
  },
  {
    name: 'coupon-batch',
    args: '<template> <phone,…|--file <path>>',
    help: `批量发放健康补贴 / one coupon of a template to each member (${Object.keys(COUPON_TEMPLATES).join(', ')}); all or nothing`,
    run: runCouponBatchCommand,
  },
  {
    name: 'coins',
    args: '<phone> <amount> "<description>"',
    help: '健康币 / grant coins (a negative amount takes them back, never below a zero balance)',
    async run({ db, clock }, args) {
      const [phone, amountText, ...words] = args;
      const description = words.join(' ').trim();
      const amount = /^-?[1-9]\d{0,8}$/.test(amountText ?? '') ? Number(amountText) : undefined;
      if (!phone || !amount || !description) return opsUsage('coins <phone> <amount> "<description>"');
      const member = await findMemberByPhone(db, phone);
      if (!member) return noMember(phone);
      const coins = createCoinService(db);
      const { balance } = await db.transaction((tx) =>
        amount > 0
          ? coins.earn(tx, member.id, amount, description, null, clock.now())
          : coins.spend(tx, member.id, -amount, null, clock.now(), description),
      );
      return {
        ok: true,
        lines: [`✔ 健康币 ${amount > 0 ? '+' : ''}${amount}（${description}），余额 balance ${balance}`],
      };
    },
  },
];
