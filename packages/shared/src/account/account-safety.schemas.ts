import { z } from 'zod';
import { loginResultSchema } from '../auth/login-result.ts';
import { imageCodeAnswerFields } from '../auth/password-login.schemas.ts';
import { MSG } from '../common/messages.ts';
import { phoneSchema } from '../common/phone.ts';
import { LOGIN_NAME_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from './account.constants.ts';
import { smsCodeSchema } from './account.schemas.ts';
import { thirdTypeSchema } from './third-party.ts';

// Requests and replies of phone binding, third-party binding and account deletion (field names as written).

export {
  ACCOUNT_CLOSING_COOLING_OFF_DAYS,
  AccountSafetyCode,
  CLOSE_ORIGIN_HEADER,
  CLOSE_ORIGIN_PC_MALL,
} from './account.constants.ts';

/** A signed third-party ticket (the callback's `ticket`): opaque to the page. */
export const oauthTicketSchema = z
  .string({ error: MSG.oauthTicketInvalid })
  .min(1, { error: MSG.oauthTicketInvalid, abort: true })
  .max(2000, { error: MSG.oauthTicketInvalid });

/** The SMS code of a binding: a wrong one asks for the right one (请输入正确的验证码). */
export const bindSmsCodeSchema = smsCodeSchema;

const loginTypeSchema = z.coerce.number({ error: MSG.badRequest }).int().min(1).max(5);

/**
 * PUT /v2/member/account/phoneBinder. Three uses:
 * - signed in, no loginName/ticket: change the member's phone (type edit);
 * - `ticket` (third party), or `loginName` + `loginType` 1 + `password` (a password account without a phone):
 *   bind the phone to that account (type add); with `type` 1 link to the phone's existing account instead,
 *   merging the two (关联账号). The password is checked like the login's: `captchaId`/`captchaCode` once the
 *   server answers CAPTCHA_REQUIRED.
 */
export const phoneBinderBodySchema = z.object({
  userName: phoneSchema,
  validCode: bindSmsCodeSchema,
  type: z.union([z.literal(0), z.literal(1)]).optional(),
  ticket: oauthTicketSchema.optional(),
  loginName: z.string().trim().min(1, { error: MSG.userNameEmpty }).max(LOGIN_NAME_MAX_LENGTH).optional(),
  loginType: loginTypeSchema.optional(),
  password: z.string().min(1, { error: MSG.passwordEmpty }).max(LOGIN_PASSWORD_MAX_LENGTH).optional(),
  ...imageCodeAnswerFields,
});
export type PhoneBinderBody = z.infer<typeof phoneBinderBodySchema>;
/** Its reply: the login result when it bound a ticket's or a login name's account, the masked new phone otherwise. */
export const phoneBinderReplySchema = z.union([loginResultSchema, z.object({ phoneStr: z.string() })]);
export type PhoneBinderReply = z.infer<typeof phoneBinderReplySchema>;

/** PUT /v2/member/account/thirdPartyRegistry: an account for the third-party identity, with this phone. */
export const thirdPartyRegistryBodySchema = z.object({
  ticket: oauthTicketSchema,
  userName: phoneSchema,
  validCode: bindSmsCodeSchema,
});
export type ThirdPartyRegistryBody = z.infer<typeof thirdPartyRegistryBodySchema>;

/** PUT /v2/member/account/binder: binds the signed-in member to a third-party account. loginName carries the ticket. */
export const binderBodySchema = z.object({
  loginName: oauthTicketSchema,
  loginType: z.coerce
    .number({ error: MSG.badRequest })
    .int()
    .min(2, { error: MSG.badRequest })
    .max(5, { error: MSG.badRequest }),
});
export type BinderBody = z.infer<typeof binderBodySchema>;

/**
 * POST /v2/member/account/validate/sameThirdBinder: does the phone's account already have an account of
 * this kind? validCode (the bindPhone code for that phone) keeps scripts from asking about any phone.
 */
export const sameThirdBinderBodySchema = z.object({
  type: thirdTypeSchema,
  platform: z.string().max(20).default('PC'),
  userName: phoneSchema,
  validCode: bindSmsCodeSchema,
});
export type SameThirdBinderBody = z.infer<typeof sameThirdBinderBodySchema>;
/** Its reply: '1' when the phone's account has one of this kind. */
export const sameThirdBinderReplySchema = z.object({ isSameThirdBinder: z.enum(['0', '1']) });
export type SameThirdBinderReply = z.infer<typeof sameThirdBinderReplySchema>;

/** POST /v2/member/account/closeapply: the bound phone (typed in full) and the closeAccount SMS code. */
export const closeApplyBodySchema = z.object({ phoneNum: phoneSchema, validCode: bindSmsCodeSchema });
export type CloseApplyBody = z.infer<typeof closeApplyBodySchema>;
/** Its reply: when the request was made and when the account will be anonymised. */
export const closeApplyReplySchema = z.object({ closeRequestedAt: z.string(), finishAt: z.string() });
export type CloseApplyReply = z.infer<typeof closeApplyReplySchema>;

/** POST /v2/member/account/closeapply/withdraw: the phone and the login code of the refused SMS sign-in. */
export const closeWithdrawBodySchema = z.object({ phoneNum: phoneSchema, smsCode: smsCodeSchema });
export type CloseWithdrawBody = z.infer<typeof closeWithdrawBodySchema>;
