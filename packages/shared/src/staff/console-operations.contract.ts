import { z } from 'zod';
import { productCodeSchema } from '../catalogue/catalogue.contract.ts';
import { pageNumberParam, pageOf } from '../common/page.ts';
import { type MallConfig, type MallConfigGroup, type MallConfigKey, mallConfigSchema } from '../mall/mall-config.ts';
import { merchantEntrySchema } from '../merchants/merchant-entry.contract.ts';

// The operations side of the console (docs/CONSOLE.md, 营销): the mall configuration as a form, the open-store
// applications, restock and stock-out, and the drug reservations. What each route takes and answers.

export const OPERATIONS_MSG = {
  mallConfigUnknownKey: (keys: string[]) => `未知的配置项：${keys.join('、')}`,
  mallConfigNothingToSave: '没有需要保存的修改',
  merchantIdInvalid: '申请编号格式错误',
  merchantRejectReasonEmpty: '请填写驳回原因',
  merchantRejectReasonTooLong: '驳回原因最多100个字',
  merchantAlreadyReviewed: '该申请已审核，不能重复处理',
  stockSearchTooLong: '搜索内容不能超过50个字',
  reservationPhoneInvalid: '手机号只能是数字，最多11位',
} as const;

/** What the audit log calls this side's acts (spread into AUDIT_ACTION_NAME). */
export const OPERATIONS_AUDIT_ACTION_NAME: Record<string, string> = {
  'mall.config': '修改商城配置',
  'merchant.approve': '通过入驻申请',
  'merchant.reject': '驳回入驻申请',
  'stock.restock': '商品到货',
  'stock.stockout': '商品缺货',
};

// ---- 商城配置 ----

export const MALL_CONFIG_GROUP_NAME: Record<MallConfigGroup, string> = {
  'mall-global': '全站',
  'm-mall': '商城页面',
};

/**
 * Each key as the form shows it: its label, what it drives, and whether only other clients (the apps) read it
 * (the form folds those away).
 */
export const MALL_CONFIG_FIELDS: Record<MallConfigKey, { label: string; help: string; forOtherClients?: true }> = {
  slogan: { label: '口号', help: '商城页头 Logo 旁的文字，留空则不显示' },
  badge: { label: '页头标签', help: '口号下方的标签，如“医保定点”或活动名，留空则不显示' },
  hotline: { label: '客服热线', help: '页脚订购热线、登录页与订单页的客服热线、代客支付页的24小时热线' },
  returnsHotline: { label: '退换货热线', help: '页脚的退换货热线' },
  serviceHours: { label: '在线客服时间', help: '格式 08:00-23:00（北京时间），其余时间在线客服留言' },
  afterSaleDays: { label: '售后申请期限（天）', help: '确认收货后多少天内可申请售后，0-90' },
  afterSaleNoReason: { label: '非药品七天无理由', help: '开启后器械、保健品等非药品可选“七天无理由”；药品始终不可' },
  afterSaleReturnAddress: { label: '退货地址', help: '客服同意退货退款时默认填入的退货地址' },
  freight: { label: '运费规则', help: '商品页、购物车和结算页显示；{threshold} 替换为包邮金额（元）' },
  freeFreight: { label: '已包邮提示', help: '购物车满足包邮条件后的提示' },
  onlinePay: { label: '在线支付', help: '关闭后只能货到付款，在线下单与立即付款均被拒绝' },
  callbackAvailable: { label: '药师回电', help: '订单的“联系医生/客服”弹窗提供“请药师回电”' },
  globalMaximumAmount: { label: '单笔订单最多件数', help: '一笔订单商品数量之和的上限' },
  globalMaximumTotal: { label: '单笔订单商品金额上限（分）', help: '一笔订单商品金额（未扣优惠）的上限，单位为分' },
  loadingDelay: { label: '加载等待（毫秒）', help: '页面数据多久未到才显示骨架屏，0-10000' },
  newUserCouponAd: {
    label: '新人礼包标题',
    help: '会员首页新人礼包横幅；{total} 替换为未使用的礼包金额，留空则不显示',
  },
  rxCartButtonText: { label: '处方药加购按钮', help: '商品页、搜索结果中处方药的加购按钮' },
  rxSettleButtonText: { label: '处方药结算按钮', help: '购物车勾选处方药时的结算按钮' },
  rxOrderButtonText: { label: '处方药提交按钮', help: '结算页含处方药时的提交按钮' },
  rxCartNotice: { label: '购物车处方提示', help: '购物车含处方药时的提示' },
  rxSettleNotice: { label: '结算页处方提示', help: '结算页订单含处方药时的提示' },
  onlyBuyRxFromDocter: { label: '处方药仅经需求清单购买', help: '开启后处方药不提供“立即购买”' },
  isCartRxAndNotDrug: { label: '处方药可与非药品同单结算', help: '关闭后处方药须与器械、保健品分开结算' },
  isOrderShowRx: { label: '订单显示处方标识', help: '订单列表和详情显示“处方订单”“处方药”标签' },
  orderAppBox: { label: '订单页 App 推广', help: '供其他客户端使用', forOtherClients: true },
  appBoxInfo: { label: 'App 推广文案', help: '供其他客户端使用', forOtherClients: true },
  ad: { label: '广告文案', help: '供其他客户端使用', forOtherClients: true },
  commonResource1: { label: '通用资源位1', help: '供其他客户端使用', forOtherClients: true },
  commonResource2: { label: '通用资源位2', help: '供其他客户端使用', forOtherClients: true },
  commonResource3: { label: '通用资源位3', help: '供其他客户端使用', forOtherClients: true },
  onlyAddIntoAccount: { label: '仅加入账户', help: '供其他客户端使用', forOtherClients: true },
  onlyBuyBioticFromDocter: { label: '抗生素仅凭处方购买', help: '供其他客户端使用', forOtherClients: true },
  isShowPromoInfo: { label: '显示促销信息', help: '供其他客户端使用', forOtherClients: true },
};

/** Every key of the form, in the order above. */
export const MALL_CONFIG_FORM_KEYS = Object.keys(MALL_CONFIG_FIELDS) as MallConfigKey[];

/** The key's own schema: the one `npm run ops -- mall-config` checks a value with. */
const keySchema = (key: MallConfigKey) => mallConfigSchema.shape[key] as z.ZodType;

/**
 * The field's message for a value its schema refuses without a message of its own (a text too long, a number
 * out of range); the hotlines and the service hours keep theirs.
 */
export function mallConfigFieldMessage(key: MallConfigKey): string {
  const { label } = MALL_CONFIG_FIELDS[key];
  const schema = keySchema(key);
  if (schema instanceof z.ZodBoolean) return `${label}只能是开启或关闭`;
  if (schema instanceof z.ZodNumber) {
    const lowest = schema.safeParse(0).success ? 0 : 1;
    return `${label}须为${lowest}-${schema.maxValue}之间的整数`;
  }
  return `${label}最多${(schema as z.ZodString).maxLength}个字`;
}

/** One key of the form: its value checked by its own schema (the command's), or null for back to the default. */
function formField(key: MallConfigKey) {
  const schema = keySchema(key);
  const message = mallConfigFieldMessage(key);
  return z
    .unknown()
    .transform((value, context) => {
      if (value === null) return null;
      const parsed = schema.safeParse(value, { error: () => message });
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? message, input: value });
      return z.NEVER;
    })
    .optional()
    .describe(`${MALL_CONFIG_FIELDS[key].label}; null: back to the default`);
}

/** The changes of `PUT /admin/mall-config`: a key's new value, or null to go back to its default. */
export type MallConfigChanges = { [K in MallConfigKey]?: MallConfig[K] | null };

/**
 * `PUT /admin/mall-config`: only the keys that change (another operator's change to other keys is kept);
 * every value checked by its key's schema, each refusal a field message; an unknown key refused.
 */
export const mallConfigChangesSchema = z
  .strictObject(Object.fromEntries(MALL_CONFIG_FORM_KEYS.map((key) => [key, formField(key)])), {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? OPERATIONS_MSG.mallConfigUnknownKey(issue.keys) : undefined,
  })
  .refine((changes) => Object.keys(changes).length > 0, { error: OPERATIONS_MSG.mallConfigNothingToSave });

/** The form's view: the values in force and every key's default. */
export const consoleMallConfigSchema = z.object({ values: mallConfigSchema, defaults: mallConfigSchema });
export type ConsoleMallConfig = z.infer<typeof consoleMallConfigSchema>;

// ---- 商家入驻 ----

export const MERCHANT_APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type MerchantApplicationState = (typeof MERCHANT_APPLICATION_STATES)[number];
/** A state's `status` in the table (0 审核中, 1 已通过, 2 未通过). */
export const MERCHANT_STATE_STATUS: Record<MerchantApplicationState, 0 | 1 | 2> = {
  pending: 0,
  approved: 1,
  rejected: 2,
};
export const MERCHANT_APPLICATION_PAGE_SIZE = 20;
export const MERCHANT_REJECT_REASON_MAX_LENGTH = 100;

/** GET /admin/merchant-applications: newest first, of one state or all. */
export const merchantApplicationQuerySchema = z.object({
  state: z.enum(MERCHANT_APPLICATION_STATES).optional(),
  page: pageNumberParam,
});
export type MerchantApplicationQuery = z.input<typeof merchantApplicationQuerySchema>;

export const merchantApplicationParamSchema = z.object({
  id: z.coerce
    .number({ error: OPERATIONS_MSG.merchantIdInvalid })
    .int({ error: OPERATIONS_MSG.merchantIdInvalid })
    .positive({ error: OPERATIONS_MSG.merchantIdInvalid })
    .max(Number.MAX_SAFE_INTEGER, { error: OPERATIONS_MSG.merchantIdInvalid }),
});

/** A listed application: the applicant's entry (contact phone masked) and who reviewed it. */
export const consoleMerchantApplicationSchema = merchantEntrySchema.extend({
  /** The staff member's login name, or `ops` for the command line; null while pending. */
  reviewer: z.string().nullable(),
});
export type ConsoleMerchantApplication = z.infer<typeof consoleMerchantApplicationSchema>;
export const consoleMerchantApplicationPageSchema = pageOf(consoleMerchantApplicationSchema);

/** One application to review: the contact's full phone and 10-minute signed links to the two licence photos. */
export const consoleMerchantApplicationDetailSchema = consoleMerchantApplicationSchema.extend({
  contactPhoneFull: z.string(),
  businessLicenceImageUrl: z.string(),
  drugLicenceImageUrl: z.string(),
});
export type ConsoleMerchantApplicationDetail = z.infer<typeof consoleMerchantApplicationDetailSchema>;

/** POST /admin/merchant-applications/{id}/reject. */
export const merchantRejectBodySchema = z.object({
  reason: z
    .string({ error: OPERATIONS_MSG.merchantRejectReasonEmpty })
    .trim()
    .min(1, { error: OPERATIONS_MSG.merchantRejectReasonEmpty })
    .max(MERCHANT_REJECT_REASON_MAX_LENGTH, { error: OPERATIONS_MSG.merchantRejectReasonTooLong }),
});
export type MerchantRejectBody = z.infer<typeof merchantRejectBodySchema>;

/** Reasons the page offers to pick (the operator may write another). */
export const MERCHANT_REJECT_REASONS = [
  '营业执照照片不清晰',
  '药品经营许可证照片不清晰',
  '证照信息与填写内容不一致',
  '药品经营许可证已过期',
  '经营范围不符合入驻要求',
] as const;

// ---- 补货到货 ----

export const STOCK_PAGE_SIZE = 20;
export const STOCK_STATES = ['inStock', 'outOfStock'] as const;

/** GET /admin/stock: products by code or name (a part of it), in or out of stock; the most awaited first. */
export const stockQuerySchema = z.object({
  q: z.string().trim().max(50, { error: OPERATIONS_MSG.stockSearchTooLong }).optional(),
  stock: z.enum(STOCK_STATES).optional(),
  page: pageNumberParam,
});
export type StockQuery = z.input<typeof stockQuerySchema>;

export const stockItemSchema = z.object({
  productCode: z.string(),
  name: z.string(),
  packing: z.string(),
  price: z.number().int(),
  inStock: z.boolean(),
  /** The open reservations (到货通知) waiting for this product. */
  waitingReservations: z.number().int(),
});
export type StockItem = z.infer<typeof stockItemSchema>;
export const stockPageSchema = pageOf(stockItemSchema);

export const stockProductParamSchema = z.object({ productCode: productCodeSchema });

/** POST /admin/stock/{productCode}/restock: the product as it now is, and the arrival SMS sent and failed. */
export const restockReplySchema = z.object({
  product: stockItemSchema,
  texted: z.number().int(),
  failed: z.number().int(),
});
export type RestockReply = z.infer<typeof restockReplySchema>;

// ---- 预约登记 ----

export const RESERVATION_STATES = ['waiting', 'arrived'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];
export const RESERVATION_STATE_NAME: Record<ReservationState, string> = { waiting: '采购中', arrived: '已到货' };
export const CONSOLE_RESERVATION_PAGE_SIZE = 20;

/** GET /admin/reservations: newest first, by product code, the phone's start, and state. */
export const consoleReservationQuerySchema = z.object({
  productCode: productCodeSchema.optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{0,11}$/, { error: OPERATIONS_MSG.reservationPhoneInvalid })
    .optional(),
  state: z.enum(RESERVATION_STATES).optional(),
  page: pageNumberParam,
});
export type ConsoleReservationQuery = z.input<typeof consoleReservationQuerySchema>;

export const consoleReservationSchema = z.object({
  id: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  /** The phone the arrival SMS goes to, masked. */
  phone: z.string(),
  state: z.enum(RESERVATION_STATES),
  createdAt: z.string(),
  arrivedAt: z.string().nullable(),
});
export type ConsoleReservation = z.infer<typeof consoleReservationSchema>;
export const consoleReservationPageSchema = pageOf(consoleReservationSchema);
