// The operator's commands (`npm run ops -- <command>`): each moves orders through the same services and state
// machine as the API, in one transaction, and answers one line to print. Kept apart from cli.ts (which opens
// the database and prints) so tests run them against a test database.
import { ageOn } from '@anxin/shared/common/id-card';
import { formatYuanWithSign } from '@anxin/shared/common/money';
import {
  DEFAULT_RX_ORDER_SETTINGS,
  REJECT_REASON_MAX_LENGTH,
  rxOrderSettingsSchema,
} from '@anxin/shared/inquiry/inquiry.contract';
import { ORDER_STATUS_NAME, type OrderType, PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import { HEALTH_ITEM_TEXT, HEALTH_ITEMS } from '@anxin/shared/patients/patient.contract';
import type { Database } from '../db/client.ts';
import { findMemberByPhone } from '../modules/account/account.module.ts';
import { createCoinService, createCouponService, runCouponBatchCommand } from '../modules/assets/assets.module.ts';
import {
  GUEST_ORDER_USAGE,
  runGuestLinkEndCommand,
  runGuestOrderCommand,
} from '../modules/guest-pay/guest-pay.module.ts';
import {
  createInquiryLinkSender,
  createInquiryReviewService,
  readRxOrderSettings,
  updateRxOrderSettings,
  type WaitingInquiry,
} from '../modules/inquiry/inquiry.module.ts';
import { runCallbacksCommand, runMallConfigCommand } from '../modules/mall/mall.module.ts';
import { runMerchantEntryCommand } from '../modules/merchants/merchants.module.ts';
import type { OrderRow } from '../modules/orders/orders.module.ts';
import {
  createOrderService,
  listRecentOrders,
  type OrderLog,
  productGroupsOf,
} from '../modules/orders/orders.module.ts';
import { runRestockCommand, runStockoutCommand } from '../modules/reservations/reservations.module.ts';
import type { PrivateUrlSigner } from '../modules/uploads/uploads.module.ts';
import type { Clock } from '../platform/clock.ts';
import type { FieldCipher } from '../platform/crypto.ts';
import { AppError } from '../platform/errors.ts';
import type { SmsProvider } from '../platform/sms/sms-provider.ts';
import { isStorageName } from '../platform/storage/file-storage.ts';

export type OpsDeps = {
  db: Database;
  clock: Clock;
  cipher: FieldCipher;
  paymentTimeoutMinutes: number;
  /** The SMS gateway of `inquiry-link` (the server's own). */
  sms: SmsProvider;
  /** The site's public origin (PUBLIC_ORIGIN) for links sent by SMS and the pharmacist's image links. */
  publicOrigin: string;
  /** Signs the URLs of private uploads (prescription images) the pharmacist opens from the queue. */
  privateUrls: PrivateUrlSigner;
  /** GUEST_LINK_HOURS of `guest-order` (its default when absent). */
  guestLinkHours?: number;
  /** Where the operator's order moves are logged, like the shoppers' (ids and states only). */
  log: OrderLog;
};
export type OpsResult = { ok: boolean; lines: string[] };

export const OPS_HELP = `安心大药房 operator commands — npm run ops -- <command>

  inquiries --pharmacist <name>           待审核问诊 / the inquiries waiting for a pharmacist (reads logged)
  audit <ordersCode> pass|reject --pharmacist <name> [--reason <text>]
                                          药师审核处方 / pass or reject an order's inquiry
  rx-settings [key=value …]               处方订单设置 / show or change the Rx order settings
  mall-config [group.key=value …]         商城配置 / show or set the mall configuration (groups m-mall,
                                          mall-global; the next page load shows it)
  callbacks [done <id>]                   药师回电 / the open call-back requests (phone, order), or mark one
                                          called
  merchant-entry [<id> approve|reject [--reason <text>]]
                                          入驻申请 / the open-store applications waiting (with links to their
                                          licence images), or approve / reject one
  inquiry-link <ordersCode> [--chronic]   完善信息链接 / make a complete link (72 h; --chronic: 24 h, used once)
                                          for an order whose inquiry waits, SMS it to the consignee, print it
  guest-order <phone> <productCode[:qty],…> --address "<province city district detail>"
              --name <consignee> [--payment online|cod]
                                          客服代下单 / place an order for a phone (its account is made when
                                          it has none), SMS it the payment link /payJianke/entry?key=…
                                          (bind within GUEST_LINK_HOURS, default 24), print the link
  guest-link-end <ordersCode>             结束支付链接 / end an order's guest links now (they show /timeout)
  ship <ordersCode> <carrier> <waybill>   发货 / ship (carrier and waybill number)
  logistics <ordersCode> "<description>"  追加物流信息 / append a tracking entry
  deliver <ordersCode>                    标记已签收 / delivered (the shopper then confirms receipt)
  split <ordersCode> [codes,… codes,…]    拆分订单 / split into sub-orders (default: one per product)
  refund <ordersCode> [--complete]        发起退款 / refund (--complete: refund done)
  list [phone]                            最近订单 / newest orders (of one member)
  coupon <phone> <value-yuan> [--min <yuan>] [--days <n>] [--freight]
                                          发放健康补贴 / issue a coupon (default: no minimum, 30 days;
                                          --freight: a freight subsidy, pays freight only)
  coupon-batch <template> <phone,…|--file <path>>
                                          批量发放健康补贴 / one coupon of a template to each member
                                          (freight-10, spend-99-10, spend-199-30, chronic-20); all or nothing
  coins <phone> <amount> "<description>"  健康币 / grant coins (a negative amount takes them back, never
                                          below a zero balance)
  restock <productCode>                   到货 / back on sale: its drug reservations arrive, one SMS each
  stockout <productCode>                  缺货 / out of stock: its page offers 到货通知
  --help                                  this text

The database is the server's: DATABASE_URL, or PGlite under DATA_DIR. On PGlite, while the server runs,
the command runs inside it (through DATA_DIR/ops.sock); when it does not, on the data directory itself.`;

/** '2026-11-22 14:05' in China time (UTC+8), whatever the machine's zone. */
const chinaTime = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

const typeText = (type: OrderType) => `${ORDER_STATUS_NAME[type]} (${type})`;
/** The tracking entry of a delivered parcel. */
const DELIVERED_ENTRY = '快件已签收，感谢您的耐心等待';

const moved = (row: OrderRow, what: string) => `✔ ${row.ordersCode} ${what} → ${typeText(row.orderType)}`;

/** The value after `--name` in the arguments (the rest of the words up to the next option), if any. */
function optionOf(args: string[], name: string): string | undefined {
  const start = args.indexOf(name);
  if (start < 0) return undefined;
  const words: string[] = [];
  for (const word of args.slice(start + 1)) {
    if (word.startsWith('--')) break;
    words.push(word);
  }
  return words.join(' ').trim() || undefined;
}

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

/** '12.5' → 1250 cents; undefined when not a positive amount (or zero when `allowZero`) with at most 2 decimals. */
function yuanToCents(text: string | undefined, allowZero = false): number | undefined {
  if (!text || !/^\d{1,6}(\.\d{1,2})?$/.test(text)) return undefined;
  const cents = Math.round(Number(text) * 100);
  return cents > 0 || allowZero ? cents : undefined;
}

function usage(message: string): OpsResult {
  return { ok: false, lines: [`✘ ${message}`, 'Run `npm run ops -- --help` for the commands.'] };
}

export async function runOpsCommand(deps: OpsDeps, argv: string[]): Promise<OpsResult> {
  const { db, clock } = deps;
  const orderService = createOrderService({ db, clock, log: deps.log });
  const inquiryReviews = createInquiryReviewService(deps);
  const [command, ...args] = argv;
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        return { ok: true, lines: [OPS_HELP] };

      case 'inquiries': {
        const pharmacist = optionOf(args, '--pharmacist');
        if (!pharmacist) return usage('inquiries --pharmacist <name>');
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
      }

      case 'audit': {
        const [code, verdict] = args;
        const pharmacist = optionOf(args, '--pharmacist');
        const reason = optionOf(args, '--reason');
        const usageText = 'audit <ordersCode> pass|reject --pharmacist <name> [--reason <text>]';
        if (!code || (verdict !== 'pass' && verdict !== 'reject') || !pharmacist) return usage(usageText);
        if (verdict === 'reject' && !reason) return usage('a rejection states its --reason');
        if (reason && reason.length > REJECT_REASON_MAX_LENGTH)
          return usage(`--reason: at most ${REJECT_REASON_MAX_LENGTH} characters`);
        const row = await db.transaction((tx) =>
          inquiryReviews.reviewInquiry(tx, { ordersCode: code, verdict, pharmacist, reason }),
        );
        const what =
          verdict === 'pass' ? `审核通过 passed by ${pharmacist}` : `审核驳回 rejected by ${pharmacist}: ${reason}`;
        return { ok: true, lines: [moved(row, what)] };
      }

      case 'rx-settings': {
        const changes: Record<string, unknown> = {};
        for (const pair of args) {
          const [key, value] = pair.split('=');
          if (!key || value === undefined || !(key in DEFAULT_RX_ORDER_SETTINGS))
            return usage(`rx-settings: unknown ${pair}`);
          changes[key] = value === 'true' ? true : value === 'false' ? false : Number(value);
        }
        const parsed = rxOrderSettingsSchema.partial().safeParse(changes);
        if (!parsed.success) return usage('rx-settings: true/false for the is… settings, numbers for the rule types');
        const settings = args.length
          ? await updateRxOrderSettings(db, parsed.data, clock)
          : await readRxOrderSettings(db);
        return { ok: true, lines: Object.entries(settings).map(([key, value]) => `${key} = ${value}`) };
      }

      case 'mall-config':
        return runMallConfigCommand(deps, args);

      case 'callbacks':
        return runCallbacksCommand(deps, args);

      case 'merchant-entry':
        return runMerchantEntryCommand(deps, args);

      case 'inquiry-link': {
        const [code, flag] = args;
        if (!code || code.startsWith('--') || (flag !== undefined && flag !== '--chronic') || args.length > 2) {
          return usage('inquiry-link <ordersCode> [--chronic]');
        }
        const link = await createInquiryLinkSender(deps).createInquiryLink(code, flag ? 'chronic' : 'complete');
        return {
          ok: true,
          lines: [
            `✔ ${code} ${link.kind === 'chronic' ? '慢病链接 chronic link' : '完善信息链接 complete link'} valid until ${chinaTime(link.expiresAt)}, SMS sent to ${link.phone}`,
            link.url,
          ],
        };
      }

      case 'guest-order':
        if (args.length < 2) return usage(GUEST_ORDER_USAGE);
        return await runGuestOrderCommand(deps, args);

      case 'guest-link-end':
        return await runGuestLinkEndCommand(deps, args);

      case 'ship': {
        const [code, carrier, waybill] = args;
        if (!code || !carrier?.trim() || !waybill?.trim()) return usage('ship <ordersCode> <carrier> <waybill>');
        const { order } = await db.transaction((tx) =>
          orderService.shipOrder(tx, code, { companeName: carrier.trim(), shippingNo: waybill.trim() }),
        );
        return { ok: true, lines: [moved(order, `已发货 shipped by ${carrier.trim()} ${waybill.trim()}`)] };
      }

      case 'logistics': {
        const [code, ...words] = args;
        const description = words.join(' ').trim();
        if (!code || !description) return usage('logistics <ordersCode> "<description>"');
        await db.transaction((tx) => orderService.appendLogisticsEvent(tx, code, description, clock.now()));
        return { ok: true, lines: [`✔ ${code} 物流信息已追加 tracking entry added: ${description}`] };
      }

      case 'deliver': {
        const [code] = args;
        if (!code) return usage('deliver <ordersCode>');
        // The carrier's last tracking entry comes with it; the shopper then confirms receipt (确认收货).
        const row = await db.transaction(async (tx) => {
          const delivered = await orderService.applyOrderEvent(tx, code, 'deliver');
          await orderService.appendLogisticsEvent(tx, code, DELIVERED_ENTRY, clock.now());
          return delivered;
        });
        return { ok: true, lines: [moved(row, '已签收 delivered, waiting for the shopper to confirm receipt')] };
      }

      case 'split': {
        const [code, ...groupArgs] = args;
        if (!code) return usage('split <ordersCode> [codes,… codes,…]');
        const children = await db.transaction(async (tx) => {
          const groups = groupArgs.length
            ? groupArgs.map((group) =>
                group
                  .split(',')
                  .map((item) => item.trim())
                  .filter(Boolean),
              )
            : await productGroupsOf(tx, code);
          return orderService.splitOrder(tx, code, groups);
        });
        return {
          ok: true,
          lines: [
            `✔ ${code} 已拆分为 split into ${children.length} 个子订单: ${children
              .map((child) => `${child.ordersCode} ${formatYuanWithSign(child.sum)}`)
              .join(', ')}`,
          ],
        };
      }

      case 'refund': {
        const [code, flag] = args;
        if (!code || (flag !== undefined && flag !== '--complete')) return usage('refund <ordersCode> [--complete]');
        const event = flag ? 'refundComplete' : 'refund';
        const row = await db.transaction((tx) => orderService.applyOrderEvent(tx, code, event));
        return { ok: true, lines: [moved(row, flag ? '退款完成 refund completed' : '已发起退款 refund started')] };
      }

      case 'list': {
        const [phone] = args;
        const rows = await listRecentOrders(db, { phone, limit: 20 });
        if (rows.length === 0) return { ok: true, lines: ['（没有订单 no orders）'] };
        return {
          ok: true,
          lines: rows.map((row) =>
            [
              row.ordersCode.padEnd(21),
              ORDER_STATUS_NAME[row.orderType].padEnd(4, '　'),
              row.orderType.padEnd(25),
              formatYuanWithSign(row.sum).padStart(10),
              (PAYMENT_TYPE_NAME[row.paymentType] ?? String(row.paymentType)).padEnd(4, '　'),
              row.isRxDrug ? '处方' : '    ',
              chinaTime(row.creationDate),
              row.phone ?? '',
            ].join('  '),
          ),
        };
      }

      case 'coupon': {
        const [phone, value] = args;
        const cents = yuanToCents(value);
        const min = optionOf(args, '--min');
        const minCents = min === undefined ? 0 : yuanToCents(min, true);
        const daysText = optionOf(args, '--days') ?? '30';
        const days = /^[1-9]\d{0,3}$/.test(daysText) ? Number(daysText) : undefined;
        if (!phone || !cents || minCents === undefined || !days) {
          return usage('coupon <phone> <value-yuan> [--min <yuan>] [--days <n>] [--freight]');
        }
        const member = await findMemberByPhone(db, phone);
        if (!member) return { ok: false, lines: [`✘ 没有这个会员 no member with phone ${phone}`] };
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
      }

      case 'coupon-batch':
        return runCouponBatchCommand(deps, args);

      case 'coins': {
        const [phone, amountText, ...words] = args;
        const description = words.join(' ').trim();
        const amount = /^-?[1-9]\d{0,8}$/.test(amountText ?? '') ? Number(amountText) : undefined;
        if (!phone || !amount || !description) return usage('coins <phone> <amount> "<description>"');
        const member = await findMemberByPhone(db, phone);
        if (!member) return { ok: false, lines: [`✘ 没有这个会员 no member with phone ${phone}`] };
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
      }

      case 'restock':
        return await runRestockCommand(deps, args);

      case 'stockout':
        return await runStockoutCommand(deps, args);

      default:
        return usage(`unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, lines: [`✘ ${error.message} (${error.statusCode})`] };
    throw error;
  }
}
