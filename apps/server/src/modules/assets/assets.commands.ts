// The operator's commands of coupons and coins (`npm run ops -- coupon|coupon-batch|coins`), docs/ASSETS.md.
import { formatYuanWithSign } from '@anxin/shared/common/money';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { COUPON_TYPE_NAME, coinAdjustBodySchema } from '@anxin/shared/staff/console-assets.contract';
import { chinaTime, type OpsCommand, opsUsage, optionOf } from '../../platform/ops-command.ts';
import { findMemberByPhone } from '../account/account.module.ts';
import { recordAudit } from '../audit/audit.module.ts';
import { createCoinAdjustmentService } from './coin-adjustments.service.ts';
import { createCouponTemplateService } from './coupon-templates.service.ts';
import { runCouponBatchCommand } from './coupons.ops.ts';
import { couponTermsOf } from './coupons.rules.ts';
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
      const terms = { couponType: isFreight ? 4 : 1, couponValue: cents, minConsume: minCents, days } as const;
      const now = clock.now();
      const coupon = await db.transaction(async (tx) => {
        const issued = await createCouponService(tx).issue(member.id, terms, now);
        await recordAudit(tx, {
          actor: OPS_ACTOR,
          at: now,
          action: 'coupon.issue',
          objectType: 'coupon',
          objectId: String(issued.id),
          after: { memberId: member.id, ...couponTermsOf(terms), days, expiredDate: issued.expiredDate.toISOString() },
        });
        return issued;
      });
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
    name: 'coupon-templates',
    args: '',
    help: '补贴模板 / the coupon templates coupon-batch issues by (their codes)',
    async run(deps) {
      const templates = await createCouponTemplateService(deps).list();
      return {
        ok: true,
        lines: templates.map(
          (template) =>
            `${template.code}  ${template.title}  ${COUPON_TYPE_NAME[template.couponType as 1 | 4]} ` +
            `${formatYuanWithSign(template.couponValue)}` +
            `${template.minConsume ? ` 满${formatYuanWithSign(template.minConsume)}可用` : ' 无门槛'}，${template.days}天`,
        ),
      };
    },
  },
  {
    name: 'coupon-batch',
    args: '<template> <phone,…|--file <path>|--all>',
    help: '批量发放健康补贴 / one coupon of a template (coupon-templates) to each member listed, or to all; a bad list issues nothing',
    run: runCouponBatchCommand,
  },
  {
    name: 'coins',
    args: '<phone> <amount> "<description>"',
    help: '健康币 / grant coins (a negative amount takes them back, never below a zero balance); the description (50 characters at most) is what the member reads',
    async run(deps, args) {
      const [phone, amountText, ...words] = args;
      const amount = /^-?\d+$/.test(amountText ?? '') ? Number(amountText) : undefined;
      if (!phone || amount === undefined || !words.length) return opsUsage('coins <phone> <amount> "<description>"');
      const parsed = coinAdjustBodySchema.safeParse({ phone, amount, reason: words.join(' ') });
      if (!parsed.success) return { ok: false, lines: [`✘ ${parsed.error.issues[0]?.message}`] };
      const { adjustment, balance } = await createCoinAdjustmentService(deps).adjust(parsed.data, OPS_ACTOR);
      return {
        ok: true,
        lines: [`✔ 健康币 ${amount > 0 ? '+' : ''}${amount}（${adjustment.reason}），余额 balance ${balance}`],
      };
    },
  },
];
