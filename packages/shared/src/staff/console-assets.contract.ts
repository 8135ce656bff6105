import { z } from 'zod';
import { COUPON_SCOPES, COUPON_TYPES } from '../assets/assets.contract.ts';
import { pageNumberParam, pageOf } from '../common/page.ts';
import { PHONE_PATTERN, phoneSchema } from '../common/phone.ts';

// The marketing side of the console (docs/CONSOLE.md, 营销 — 健康补贴与健康币): coupon templates, batches of
// one template's coupon to many members with their progress, and operators' coin adjustments. Money in integer
// cents, times ISO strings.

/** The most phones one batch names (after removing repeats); all members is not limited. */
export const COUPON_BATCH_MAX_PHONES = 5000;
export const COUPON_TEMPLATE_TITLE_MAX_LENGTH = 20;
export const COUPON_TEMPLATE_RANGE_MAX_LENGTH = 30;
/** The command's limits: at most 999999.99 yuan, 9999 days. */
export const COUPON_MAX_CENTS = 99_999_999;
export const COUPON_MAX_DAYS = 9999;
export const COIN_ADJUST_MAX = 999_999_999;
export const COIN_REASON_MAX_LENGTH = 50;
export const COIN_ADJUSTMENT_PAGE_SIZE = 20;
/** Lowercase letters, digits and '-', starting with a letter or digit: what `coupon-batch <template>` names. */
export const COUPON_TEMPLATE_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;

export const MARKETING_MSG = {
  templateCodeInvalid: '模板代码须为2-32位小写字母、数字或“-”，以字母或数字开头',
  templateCodeTaken: '该模板代码已被使用',
  templateTitleInvalid: `请填写模板名称（最多${COUPON_TEMPLATE_TITLE_MAX_LENGTH}个字）`,
  templateTypeInvalid: '请选择补贴类型',
  templateValueInvalid: '面额须为0.01-999999.99元',
  templateMinInvalid: '使用门槛须为0-999999.99元',
  templateDaysInvalid: `有效天数须为1-${COUPON_MAX_DAYS}的整数`,
  templateRangeTooLong: `使用范围说明最多${COUPON_TEMPLATE_RANGE_MAX_LENGTH}个字`,
  templateUnknown: '没有这个补贴模板',
  batchTemplateMissing: '请选择补贴模板',
  batchTargetEmpty: '请填写手机号或选择全部会员',
  batchPhonesMalformed: (phones: string[]) =>
    `手机号格式错误：${phones.slice(0, 5).join('、')}${phones.length > 5 ? ` 等${phones.length}个` : ''}`,
  batchTooManyPhones: `一次最多发放${COUPON_BATCH_MAX_PHONES}个手机号`,
  batchUnknown: '没有这个发放批次',
  coinAmountInvalid: '调整数量须为非零整数，增加填正数，扣减填负数',
  coinReasonEmpty: '请填写调整原因',
  coinReasonTooLong: `调整原因最多${COIN_REASON_MAX_LENGTH}个字`,
  coinMemberUnknown: '没有这个手机号的会员',
  coinBelowZero: (balance: number) => `健康币余额不足，扣减后余额不能小于0（该会员当前余额${balance}）`,
  coinPhoneSearchInvalid: '手机号只能是数字，最多11位',
} as const;

/** What the audit log calls the acts of coupons and coins (spread into AUDIT_ACTION_NAME). */
export const MARKETING_AUDIT_ACTION_NAME: Record<string, string> = {
  'coupon.template': '新建补贴模板',
  'coupon.batch': '批量发放补贴',
  'coupon.issue': '发放补贴',
  'coins.adjust': '调整健康币',
};

export const COUPON_TYPE_NAME: Record<(typeof COUPON_TYPES)[number], string> = { 1: '活动补贴', 4: '运费补贴' };

// ---- 补贴模板 ----

const cents = (message: string, lowest: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(lowest, { error: message })
    .max(COUPON_MAX_CENTS, { error: message });

/** POST /admin/coupon-templates: the terms of `npm run ops -- coupon` with a name and a code. */
export const couponTemplateCreateSchema = z.object({
  code: z
    .string({ error: MARKETING_MSG.templateCodeInvalid })
    .trim()
    .regex(COUPON_TEMPLATE_CODE_PATTERN, { error: MARKETING_MSG.templateCodeInvalid }),
  title: z
    .string({ error: MARKETING_MSG.templateTitleInvalid })
    .trim()
    .min(1, { error: MARKETING_MSG.templateTitleInvalid })
    .max(COUPON_TEMPLATE_TITLE_MAX_LENGTH, { error: MARKETING_MSG.templateTitleInvalid }),
  couponType: z.union(
    COUPON_TYPES.map((type) => z.literal(type)),
    { error: MARKETING_MSG.templateTypeInvalid },
  ),
  couponValue: cents(MARKETING_MSG.templateValueInvalid, 1),
  minConsume: cents(MARKETING_MSG.templateMinInvalid, 0),
  days: z
    .number({ error: MARKETING_MSG.templateDaysInvalid })
    .int({ error: MARKETING_MSG.templateDaysInvalid })
    .min(1, { error: MARKETING_MSG.templateDaysInvalid })
    .max(COUPON_MAX_DAYS, { error: MARKETING_MSG.templateDaysInvalid }),
  /** The scope in words on the member's card; empty for the type's default (全场通用 / 运费补贴，仅抵扣运费). */
  usingRange: z
    .string({ error: MARKETING_MSG.templateRangeTooLong })
    .trim()
    .max(COUPON_TEMPLATE_RANGE_MAX_LENGTH, { error: MARKETING_MSG.templateRangeTooLong })
    .optional()
    .transform((range) => range || undefined),
});
export type CouponTemplateCreate = z.input<typeof couponTemplateCreateSchema>;

export const couponTemplateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  couponType: z.number().int(),
  couponValue: z.number().int(),
  minConsume: z.number().int(),
  days: z.number().int(),
  usingRange: z.string(),
  scope: z.enum(COUPON_SCOPES),
  scopeCodes: z.array(z.string()),
  /** The staff member's login name, `ops` for the command line, null for the templates every install has. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CouponTemplate = z.infer<typeof couponTemplateSchema>;
export const couponTemplateListSchema = z.array(couponTemplateSchema);

// ---- 批量发放 ----

const idOf = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });

/** Phones pasted into a box: one a line, or separated by commas (either width) or spaces. */
export const phonesOfText = (text: string) => text.split(/[\s,，]+/).filter(Boolean);

/**
 * POST /admin/coupon-batches: one coupon of the template to each listed phone's member and/or every member.
 * Phones are kept once each; a malformed one refuses the batch (all are named), as the command does.
 */
export const couponBatchStartSchema = z
  .object({
    templateId: idOf(MARKETING_MSG.batchTemplateMissing),
    phones: z
      .array(z.string().trim(), { error: MARKETING_MSG.batchTargetEmpty })
      .default([])
      .transform((phones) => [...new Set(phones.filter(Boolean))])
      .superRefine((phones, context) => {
        const malformed = phones.filter((phone) => !PHONE_PATTERN.test(phone));
        if (malformed.length)
          context.addIssue({ code: 'custom', message: MARKETING_MSG.batchPhonesMalformed(malformed) });
        else if (phones.length > COUPON_BATCH_MAX_PHONES) {
          context.addIssue({ code: 'custom', message: MARKETING_MSG.batchTooManyPhones });
        }
      }),
    allMembers: z.boolean().default(false),
  })
  .refine((body) => body.allMembers || body.phones.length > 0, {
    error: MARKETING_MSG.batchTargetEmpty,
    path: ['phones'],
  });
export type CouponBatchStart = z.input<typeof couponBatchStartSchema>;

export const COUPON_BATCH_STATES = ['running', 'done'] as const;
export type CouponBatchState = (typeof COUPON_BATCH_STATES)[number];

/**
 * A batch and its progress: `total` members aimed at (listed phones that are no member's count as skipped at
 * once), `done` of them handled, `issued` got their coupon, `skipped` did not (no member, or closed meanwhile).
 */
export const couponBatchSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  templateTitle: z.string(),
  allMembers: z.boolean(),
  phones: z.number().int(),
  total: z.number().int(),
  done: z.number().int(),
  issued: z.number().int(),
  skipped: z.number().int(),
  state: z.enum(COUPON_BATCH_STATES),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CouponBatch = z.infer<typeof couponBatchSchema>;
export const couponBatchListSchema = z.array(couponBatchSchema);
export const couponBatchParamSchema = z.object({ id: idOf(MARKETING_MSG.batchUnknown) });

// ---- 健康币调整 ----

/** POST /admin/coin-adjustments: coins given (+) or taken back (−) with the reason the member reads. */
export const coinAdjustBodySchema = z.object({
  phone: phoneSchema,
  amount: z
    .number({ error: MARKETING_MSG.coinAmountInvalid })
    .int({ error: MARKETING_MSG.coinAmountInvalid })
    .min(-COIN_ADJUST_MAX, { error: MARKETING_MSG.coinAmountInvalid })
    .max(COIN_ADJUST_MAX, { error: MARKETING_MSG.coinAmountInvalid })
    .refine((amount) => amount !== 0, { error: MARKETING_MSG.coinAmountInvalid }),
  reason: z
    .string({ error: MARKETING_MSG.coinReasonEmpty })
    .trim()
    .min(1, { error: MARKETING_MSG.coinReasonEmpty })
    .max(COIN_REASON_MAX_LENGTH, { error: MARKETING_MSG.coinReasonTooLong }),
});
export type CoinAdjustBody = z.input<typeof coinAdjustBodySchema>;

export const coinAdjustmentSchema = z.object({
  id: z.number().int(),
  /** The member's phone, masked. */
  phone: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  /** The staff member's login name, or `ops` for the command line. */
  adjustedBy: z.string(),
  at: z.string(),
});
export type CoinAdjustment = z.infer<typeof coinAdjustmentSchema>;
export const coinAdjustmentPageSchema = pageOf(coinAdjustmentSchema);
export const coinAdjustReplySchema = z.object({ adjustment: coinAdjustmentSchema, balance: z.number().int() });
export type CoinAdjustReply = z.infer<typeof coinAdjustReplySchema>;

/** GET /admin/coin-adjustments: newest first, by the start of the member's phone. */
export const coinAdjustmentQuerySchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\d{0,11}$/, { error: MARKETING_MSG.coinPhoneSearchInvalid })
    .optional(),
  page: pageNumberParam,
});
export type CoinAdjustmentQuery = z.input<typeof coinAdjustmentQuerySchema>;
