import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { pageNumberParam, pageOf } from '../common/page.ts';
import type { rxOrderSettingsSchema } from '../inquiry/inquiry.contract.ts';
import { INQUIRY_LINK_HOURS, INQUIRY_LINK_KINDS, type InquiryLinkKind } from '../inquiry/inquiry-link.contract.ts';
import { ORDER_TYPES } from '../orders/order-status.ts';

// The pharmacist's tools in the console (docs/CONSOLE.md, 问诊链接 and 处方设置): the complete and chronic links
// of `npm run ops -- inquiry-link` and the Rx order settings of `npm run ops -- rx-settings`.

// ---- 问诊链接 ----

export const INQUIRY_LINK_KIND_NAME: Record<InquiryLinkKind, string> = {
  complete: '完善信息链接（72小时）',
  chronic: '慢病链接（24小时，用一次）',
};

/** POST /admin/inquiry-links: the order whose inquiry waits, and the kind of link. */
export const inquiryLinkCreateBodySchema = z.object({
  ordersCode: z
    .string({ error: MSG.consoleOrdersCodeEmpty })
    .trim()
    .min(1, { error: MSG.consoleOrdersCodeEmpty })
    .max(64, { error: MSG.consoleSearchTextTooLong }),
  kind: z.enum(INQUIRY_LINK_KINDS, { error: MSG.inquiryLinkKindInvalid }),
});
export type InquiryLinkCreateBody = z.input<typeof inquiryLinkCreateBodySchema>;

/**
 * A link's state, the first that holds: void (its order is cancelled or deleted), used (a chronic link once
 * saved), ended (a pharmacist ended it before its natural end), expired, live.
 */
export const INQUIRY_LINK_STATES = ['live', 'used', 'expired', 'ended', 'void'] as const;
export type InquiryLinkState = (typeof INQUIRY_LINK_STATES)[number];
export const INQUIRY_LINK_STATE_NAME: Record<InquiryLinkState, string> = {
  live: '有效',
  used: '已使用',
  expired: '已过期',
  ended: '已结束',
  void: '已失效',
};

export function inquiryLinkStateOf(
  link: { kind: InquiryLinkKind; createdAt: Date; expiresAt: Date; completedAt: Date | null },
  order: { isCanceled: boolean },
  now: Date,
): InquiryLinkState {
  if (order.isCanceled) return 'void';
  if (link.kind === 'chronic' && link.completedAt) return 'used';
  if (link.expiresAt.getTime() > now.getTime()) return 'live';
  const naturalEnd = link.createdAt.getTime() + INQUIRY_LINK_HOURS[link.kind] * 3600_000;
  return link.expiresAt.getTime() < naturalEnd ? 'ended' : 'expired';
}

export const consoleInquiryLinkSchema = z.object({
  id: z.number().int(),
  ordersCode: z.string(),
  kind: z.enum(INQUIRY_LINK_KINDS),
  /** The consignee phone the SMS went to, masked. */
  phone: z.string(),
  consignee: z.string(),
  orderType: z.enum(ORDER_TYPES),
  state: z.enum(INQUIRY_LINK_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When a chronic link was used. */
  completedAt: z.string().nullable(),
});
export type ConsoleInquiryLink = z.infer<typeof consoleInquiryLinkSchema>;
export const consoleInquiryLinkPageSchema = pageOf(consoleInquiryLinkSchema);
export const INQUIRY_LINK_PAGE_SIZE = 20;

/** GET /admin/inquiry-links: newest first, by the order code's start. */
export const inquiryLinkQuerySchema = z.object({
  code: z.string().trim().max(50, { error: MSG.consoleSearchTextTooLong }).optional(),
  page: pageNumberParam,
});
export type InquiryLinkQuery = z.input<typeof inquiryLinkQuerySchema>;

/** `/admin/inquiry-links/{id}/end`. */
export const inquiryLinkIdParamSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

// ---- 处方设置 ----

/** The settings as the page names them. */
export const RX_SETTING_LABEL: Record<keyof z.infer<typeof rxOrderSettingsSchema>, string> = {
  isDrugUserInfoNeed: '用药人须填写身份证号',
  isNeedUserValidation: '用药人须实名认证',
  isDiseaseRequired: '每种处方药须选择确诊疾病',
  isPrescriptionImageRequired: '完善信息须上传处方图片',
  strictControlRxRuleType: '严控处方药规则类型',
  noStrictControlRxRuleType: '非严控处方药规则类型',
  orderStrictControlRxRuleType: '订单严控处方规则类型',
  prepositionCheckType: '前置校验类型',
};

/** A rule type is a small code the inquiry passes on (0-9). */
export const RX_RULE_TYPE_MAX = 9;
const switchSetting = z.boolean({ error: MSG.rxSettingSwitchInvalid }).optional();
const ruleTypeSetting = z
  .number({ error: MSG.rxSettingRuleTypeInvalid })
  .int({ error: MSG.rxSettingRuleTypeInvalid })
  .min(0, { error: MSG.rxSettingRuleTypeInvalid })
  .max(RX_RULE_TYPE_MAX, { error: MSG.rxSettingRuleTypeInvalid })
  .optional();

/**
 * PUT /admin/rx-settings and `npm run ops -- rx-settings key=value…`: some of the settings (at least one); a
 * name the settings do not have is refused.
 */
export const rxSettingsChangeSchema = z
  .strictObject(
    {
      isDrugUserInfoNeed: switchSetting,
      isNeedUserValidation: switchSetting,
      isDiseaseRequired: switchSetting,
      isPrescriptionImageRequired: switchSetting,
      strictControlRxRuleType: ruleTypeSetting,
      noStrictControlRxRuleType: ruleTypeSetting,
      orderStrictControlRxRuleType: ruleTypeSetting,
      prepositionCheckType: ruleTypeSetting,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.rxSettingUnknown : MSG.badRequest) },
  )
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: MSG.rxSettingsNothingChanged,
    when: (payload) => payload.issues.length === 0,
  });
export type RxSettingsChange = z.input<typeof rxSettingsChangeSchema>;
