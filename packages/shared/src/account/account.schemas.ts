import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { phoneSchema } from '../common/phone.ts';
import {
  LEGACY_PASSWORD_MAX_LENGTH,
  LEGACY_PASSWORD_MIN_LENGTH,
  LOGIN_NAME_MAX_LENGTH,
  LOGIN_PASSWORD_MAX_LENGTH,
  NEW_PASSWORD_MAX_LENGTH,
  NEW_PASSWORD_MIN_LENGTH,
} from './account.constants.ts';

// Field rules of the account side and the request bodies of the first API slice.
// `abort: true` stops a field at its first failing check, so each field shows one message.

// The input limits (the pages use them as the inputs' maxLength) are in account.constants.ts, with the values
// the sign-in pages need without zod.

// ---- SMS and image codes ----
export const smsCodeSchema = z
  .string({ error: MSG.smsCodeEmpty })
  .trim()
  .min(1, { error: MSG.smsCodeEmpty, abort: true })
  .regex(/^\d{6}$/, { error: MSG.smsCodeMalformed });

export const imageCodeSchema = z.string({ error: MSG.imageCodeEmpty }).trim().min(1, { error: MSG.imageCodeEmpty });

// ---- Password login ----
/** User name or phone of the password login. */
export const loginNameSchema = z
  .string({ error: MSG.userNameEmpty })
  .trim()
  .min(1, { error: MSG.userNameEmpty, abort: true })
  .max(LOGIN_NAME_MAX_LENGTH, { error: MSG.userNameTooLong });

/**
 * Password of the password login: presence and the input's max 20 only. Strength is not checked
 * here, so that passwords set under the old 6-16 rule still sign in (see isLegacyPasswordAcceptable).
 */
export const loginPasswordSchema = z
  .string({ error: MSG.passwordEmpty })
  .min(1, { error: MSG.passwordEmpty, abort: true })
  .max(LOGIN_PASSWORD_MAX_LENGTH, { error: MSG.passwordTooLong });

export const agreementSchema = z.literal(true, { error: MSG.agreementRequired });

// ---- New passwords ----
// The documents give two readings: 6-16 characters combining digits, letters or
// symbols, and 8-16 characters with at least three of uppercase, lowercase, digit, symbol.
// Spec README rule: new input gets the stricter reading (newPasswordSchema below); old data gets the
// looser one, so existing passwords keep working (isLegacyPasswordAcceptable).

// Printable ASCII without the space: a password "made of digits, letters and symbols" has nothing else.
const PASSWORD_CHARS_PATTERN = /^[\x21-\x7E]+$/;
const PASSWORD_CLASS_PATTERNS = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/];

/** How many of uppercase, lowercase, digit, symbol the password uses (0-4). */
export function countPasswordClasses(password: string): number {
  return PASSWORD_CLASS_PATTERNS.filter((pattern) => pattern.test(password)).length;
}

/** The stricter reading's character rule: only digits, letters, symbols, and three classes of the four. */
export function hasEnoughPasswordClasses(password: string): boolean {
  return PASSWORD_CHARS_PATTERN.test(password) && countPasswordClasses(password) >= 3;
}

/** Register, reset, change: the stricter reading, 8-16 characters and three classes of four. */
export const newPasswordSchema = z
  .string({ error: MSG.newPasswordEmpty })
  .min(1, { error: MSG.newPasswordEmpty, abort: true })
  .min(NEW_PASSWORD_MIN_LENGTH, { error: MSG.newPasswordLength, abort: true })
  .max(NEW_PASSWORD_MAX_LENGTH, { error: MSG.newPasswordLength, abort: true })
  .refine(hasEnoughPasswordClasses, { error: MSG.newPasswordClasses });

/**
 * The looser reading, for passwords that already exist (e.g. the old password of a change, or a
 * stored password checked at sign-in): 6 to 16 characters, no class rule. Spec README: "accept the
 * looser reading where old data must keep working (existing passwords of 6 to 16 still log in)".
 */
export function isLegacyPasswordAcceptable(password: string): boolean {
  return password.length >= LEGACY_PASSWORD_MIN_LENGTH && password.length <= LEGACY_PASSWORD_MAX_LENGTH;
}

// ---- Confirm password ----
export const confirmPasswordSchema = z
  .string({ error: MSG.confirmPasswordEmpty })
  .min(1, { error: MSG.confirmPasswordEmpty });

/** For a page's confirm field: the message to show, or undefined when it is fine. */
export function checkConfirmPassword(password: string, confirmPassword: string): string | undefined {
  if (confirmPassword.length === 0) return MSG.confirmPasswordEmpty;
  if (password !== confirmPassword) return MSG.passwordsDiffer;
  return undefined;
}

/**
 * Adds `confirmPassword` to an object shape that has `password`, and checks that the two are equal
 * (the issue goes on `confirmPassword`). The comparison waits until both fields are valid on their own,
 * so a bad password does not also show "两次输入不一致". zod also skips it while another field has an
 * issue from an `abort: true` check (e.g. an empty phone); pages compare per field with checkConfirmPassword.
 */
export function withConfirmPassword<Shape extends z.ZodRawShape & { password: z.ZodType<string> }>(shape: Shape) {
  return z.object({ ...shape, confirmPassword: confirmPasswordSchema }).refine(
    // The generic shape hides the field types from TypeScript; both are strings once parsed.
    (data) => {
      const { password, confirmPassword } = data as { password: string; confirmPassword: string };
      return password === confirmPassword;
    },
    {
      error: MSG.passwordsDiffer,
      path: ['confirmPassword'],
      when: (payload) =>
        !payload.issues.some(
          (issue) => !issue.path?.length || issue.path[0] === 'password' || issue.path[0] === 'confirmPassword',
        ),
    },
  );
}

// ---- Profile names ----
// "Chinese" is the CJK Unified Ideographs block \u4e00-\u9fa5, as the documents' patterns use.
export const NICKNAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_-]{4,20}$/;
export const MEMBER_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_-]{2,20}$/;
export const REAL_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z]{2,10}$/;

export const nicknameSchema = z
  .string({ error: MSG.nicknameInvalid })
  .trim()
  .regex(NICKNAME_PATTERN, { error: MSG.nicknameInvalid });

export const memberNameSchema = z
  .string({ error: MSG.memberNameInvalid })
  .trim()
  .regex(MEMBER_NAME_PATTERN, { error: MSG.memberNameInvalid });

export const realNameSchema = z
  .string({ error: MSG.realNameInvalid })
  .trim()
  .regex(REAL_NAME_PATTERN, { error: MSG.realNameInvalid });

// ---- Request bodies, first API slice (field names as the documents write them) ----
const captchaTicketSchema = z
  .string({ error: MSG.captchaFailed })
  .min(1, { error: MSG.captchaFailed, abort: true })
  .max(200, { error: MSG.captchaFailed });
/** The slide captcha's result (docs/API-CONVENTIONS.md: validCode of captchas/new). */
const captchaResultSchema = z
  .string({ error: MSG.captchaFailed })
  .min(1, { error: MSG.captchaFailed, abort: true })
  .max(500, { error: MSG.captchaFailed });
const tokenSchema = z
  .string({ error: MSG.badRequest })
  .min(1, { error: MSG.badRequest, abort: true })
  .max(500, { error: MSG.badRequest });

/** POST /v2/member/account/register */
export const registerBodySchema = z.object({
  userName: phoneSchema,
  validCode: smsCodeSchema,
  password: newPasswordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /passport/account/smsLogin/v2 */
export const smsLoginBodySchema = z.object({ phoneNum: phoneSchema, smsCode: smsCodeSchema });
export type SmsLoginBody = z.infer<typeof smsLoginBodySchema>;

/** POST /v2/member/account/validate (reply isRegisted) */
/** What an SMS code is for: a code sent for one purpose never opens another. */
export const smsPurposes = ['login', 'register', 'resetPassword', 'bindPhone', 'closeAccount'] as const;
export type SmsPurpose = (typeof smsPurposes)[number];
const smsPurposeSchema = z.enum(smsPurposes).default('login');

/** Needs a live SMS ticket for the phone, so that a script cannot walk the phone numbers (spec README). */
export const validateBodySchema = z.object({ userName: phoneSchema, ticket: captchaTicketSchema });
export type ValidateBody = z.infer<typeof validateBodySchema>;
/** Its reply: isRegisted '1' when the phone has an account (the spelling is the API's). */
export const validateReplySchema = z.object({ isRegisted: z.enum(['0', '1']) });
export type ValidateReply = z.infer<typeof validateReplySchema>;

/** POST /v2/captcha/sms/tickets (reply ticket, isNeedCaptcha) */
export const smsTicketBodySchema = z.object({ phoneNum: phoneSchema, purpose: smsPurposeSchema });
export type SmsTicketBody = z.infer<typeof smsTicketBodySchema>;
/** Its reply: the ticket, and whether the slide captcha must be passed before the code is sent. */
export const smsTicketReplySchema = z.object({ ticket: z.string(), isNeedCaptcha: z.boolean() });
export type SmsTicket = z.infer<typeof smsTicketReplySchema>;

/** POST /v2/captcha/sms/v3/captchas/new: sends the SMS. validCode is absent when no captcha was asked (CAPTCHA_MODE=off). */
export const smsSendBodySchema = z.object({
  phoneNum: phoneSchema,
  ticket: captchaTicketSchema,
  validCode: captchaResultSchema.optional(),
});
export type SmsSendBody = z.infer<typeof smsSendBodySchema>;

/** PUT /v2/captcha/sms/v3/captchas/new: checks a received SMS code. */
export const smsVerifyBodySchema = z.object({
  phoneNum: phoneSchema,
  captcha: smsCodeSchema,
  purpose: smsPurposeSchema,
});
export type SmsVerifyBody = z.infer<typeof smsVerifyBodySchema>;

/** POST /passport/account/token/refresh (docs/API-CONVENTIONS.md) */
export const refreshBodySchema = z.object({ refreshToken: tokenSchema });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/** POST /web-gateway/logout: both optional, logout ends what it is given and never fails on bad input. */
export const logoutBodySchema = z.object({
  refreshToken: z.string().max(500).optional(),
  accessToken: z.string().max(4000).optional(),
});
export type LogoutBody = z.infer<typeof logoutBodySchema>;
