// The pharmacist's commands (`npm run ops -- inquiries|audit|rx-settings|inquiry-link`): the review queue, the
// verdict on an order's inquiry, the Rx order settings and the link that asks the shopper for what is missing.
import { ageOn } from '@anxin/shared/common/id-card';
import { REJECT_REASON_MAX_LENGTH } from '@anxin/shared/inquiry/inquiry.contract';
import { HEALTH_ITEM_TEXT, HEALTH_ITEMS } from '@anxin/shared/patients/patient.contract';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { rxSettingsChangeSchema } from '@anxin/shared/staff/console-rx.contract';
import { chinaTime, type OpsCommand, opsUsage, optionOf } from '../../platform/ops-command.ts';
import { isStorageName } from '../../platform/storage/file-storage.ts';
import { orderMovedLine } from '../orders/orders.module.ts';
import { createInquiryReviewService, type WaitingInquiry } from './inquiry.service.ts';
import { createInquiryLinkSender } from './inquiry-links.service.ts';
import { changeRxOrderSettings, readRxOrderSettings } from './rx-settings.ts';

/** The words typed, for a refusal that names no setting (an unknown one). */
const pairsOf = (args: string[]) => args.join(' ');

const AUDIT_USAGE = 'audit <ordersCode> pass|reject --pharmacist <name> [--reason <text>]';

/** One waiting inquiry for the pharmacist: order, patient, answers, diagnoses per product and images. */
function describeInquiry(inquiry: WaitingInquiry, now: Date, imageUrl: (name: string) => string): string[] {
  const { patient } = inquiry;
  const guardian = patient.guardian ? `  监护人 ${patient.guardian.name} ${patient.guardian.cardNum}` : '';
  return [
    `■ ${inquiry.ordersCode}  提交于 ${chinaTime(inquiry.submittedAt)}`,
    `  用药人 ${patient.name} ${patient.sex === 0 ? '男' : '女'} ${ageOn(patient.birthDate, now)}岁 ${patient.certificateNumber}${patient.isValidateName ? ' 已实名' : ' 未实名'}${guardian}`,
    ...inquiry.diagnoses.map(
      (item) =>
        `  ${item.productCode}: ${item.diseases.map((disease) => disease.icdName + (disease.icdCode ? `(${disease.icdCode})` : '(自填)')).join('、')}`,
    ),
    ...inquiry.answers.map((answer) => `  ${answer.question} ${answer.answer}`),
    `  健康信息 ${describeHealth(patient.healthInfo)}`,
    ...inquiry.images.map((name, index) => `  处方图片${index + 1} ${imageUrl(name)}`),
  ];
}

function describeHealth(health: WaitingInquiry['patient']['healthInfo']): string {
  const items = HEALTH_ITEMS.map((item) => {
    const value = health[item];
    if (value.status === 0) return `${HEALTH_ITEM_TEXT[item]}无`;
    return `${HEALTH_ITEM_TEXT[item]}有(${[...value.labels, value.other].filter(Boolean).join('、')})`;
  });
  return [...items, `吸烟${health.smoking ? '有' : '无'}`, `饮酒${health.drinking ? '有' : '无'}`].join(' ');
}

export const inquiryCommands: OpsCommand[] = [
  {
    name: 'inquiries',
    args: '--pharmacist <name>',
    help: '待审核问诊 / the inquiries waiting for a pharmacist (reads logged)',
    async run(deps, args) {
      const { db, clock } = deps;
      const pharmacist = optionOf(args, '--pharmacist');
      if (!pharmacist) return opsUsage('inquiries --pharmacist <name>');
      const inquiryReviews = createInquiryReviewService(deps);
      const waiting = await db.transaction((tx) => inquiryReviews.listWaitingInquiries(tx, pharmacist));
      if (waiting.length === 0) return { ok: true, lines: ['（没有待审核的问诊 no inquiries waiting）'] };
      // Each image opens for 10 minutes in the pharmacist's browser (a signed URL of its owner).
      const imageUrl = (inquiry: WaitingInquiry) => (name: string) =>
        isStorageName(name)
          ? `${deps.publicOrigin}${deps.privateUrls.sign(name, inquiry.memberId, clock.now())}`
          : name;
      return {
        ok: true,
        lines: waiting.flatMap((inquiry) => describeInquiry(inquiry, clock.now(), imageUrl(inquiry))),
      };
    },
  },
  {
    name: 'audit',
    args: '<ordersCode> pass|reject --pharmacist <name> [--reason <text>]',
    help: "药师审核处方 / pass or reject an order's inquiry",
    async run(deps, args) {
      const [code, verdict] = args;
      const pharmacist = optionOf(args, '--pharmacist');
      const reason = optionOf(args, '--reason');
      if (!code || (verdict !== 'pass' && verdict !== 'reject') || !pharmacist) return opsUsage(AUDIT_USAGE);
      if (verdict === 'reject' && !reason) return opsUsage('a rejection states its --reason');
      if (reason && reason.length > REJECT_REASON_MAX_LENGTH)
        return opsUsage(`--reason: at most ${REJECT_REASON_MAX_LENGTH} characters`);
      const row = await deps.db.transaction((tx) =>
        createInquiryReviewService(deps).reviewInquiry(tx, {
          ordersCode: code,
          verdict,
          pharmacist,
          reason,
          actor: OPS_ACTOR,
        }),
      );
      const what =
        verdict === 'pass' ? `审核通过 passed by ${pharmacist}` : `审核驳回 rejected by ${pharmacist}: ${reason}`;
      return { ok: true, lines: [orderMovedLine(row, what)] };
    },
  },
  {
    name: 'rx-settings',
    args: '[key=value …]',
    help: '处方订单设置 / show or change the Rx order settings (true/false, rule types 0-9)',
    async run({ db, clock }, args) {
      if (args.length === 0) {
        const settings = await readRxOrderSettings(db);
        return { ok: true, lines: Object.entries(settings).map(([key, value]) => `${key} = ${value}`) };
      }
      const change: Record<string, unknown> = {};
      for (const pair of args) {
        const [key, value] = pair.split('=');
        if (!key || value === undefined) return opsUsage(`rx-settings: key=value, not ${pair}`);
        change[key] =
          value === 'true' ? true : value === 'false' ? false : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      }
      // The console's own check (console-rx.contract.ts), with its messages.
      const parsed = rxSettingsChangeSchema.safeParse(change);
      if (!parsed.success) {
        return opsUsage(
          `rx-settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || pairsOf(args)} ${issue.message}`).join('; ')}`,
        );
      }
      const settings = await changeRxOrderSettings(db, parsed.data, OPS_ACTOR, clock);
      return { ok: true, lines: Object.entries(settings).map(([key, value]) => `${key} = ${value}`) };
    },
  },
  {
    name: 'inquiry-link',
    args: '<ordersCode> [--chronic]',
    help:
      '完善信息链接 / make a complete link (72 h; --chronic: 24 h, used once) for an order whose inquiry waits, ' +
      'SMS it to the consignee, print it',
    async run(deps, args) {
      const [code, flag] = args;
      if (!code || code.startsWith('--') || (flag !== undefined && flag !== '--chronic') || args.length > 2) {
        return opsUsage('inquiry-link <ordersCode> [--chronic]');
      }
      const link = await createInquiryLinkSender(deps).createInquiryLink(
        code,
        flag ? 'chronic' : 'complete',
        OPS_ACTOR,
      );
      return {
        ok: true,
        lines: [
          `✔ ${code} ${link.kind === 'chronic' ? '慢病链接 chronic link' : '完善信息链接 complete link'} valid until ${chinaTime(link.expiresAt)}, SMS sent to ${link.phone}`,
          link.url,
        ],
      };
    },
  },
];
