import { z } from 'zod';
import { agreementSchema, imageCodeSchema, loginNameSchema, loginPasswordSchema } from '../account/account.schemas.ts';
import { MSG } from '../common/messages.ts';

// Password login (docs/API-CONVENTIONS.md "Sign-in"): the page encrypts loginName and password
// with a one-time RSA key (RSA-OAEP, SHA-256) and posts the ciphertexts with the key's id.

/** A one-time login key lives this long (docs/API-CONVENTIONS.md). */
export const LOGIN_KEY_TTL_SECONDS = 300;
/** After this many failures (per account, or IP_CAPTCHA_AFTER_FAILURES per client IP) the image code is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
/**
 * Per client IP the image code is asked after this many failures: many shoppers share one address behind a
 * carrier NAT, so the IP threshold is higher than the account's.
 */
export const IP_CAPTCHA_AFTER_FAILURES = 10;
/** After this many failures the account is locked for LOCK_MINUTES. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;
/** The image code answers live this long and are used once. */
export const IMAGE_CAPTCHA_TTL_SECONDS = 120;
export const IMAGE_CODE_LENGTH = 4;

/** The password login's form on the page (plain text: it is encrypted just before sending). */
export const passwordLoginFormSchema = z.object({
  loginName: loginNameSchema,
  password: loginPasswordSchema,
  captchaCode: imageCodeSchema.optional(),
  agreement: agreementSchema,
});
export type PasswordLoginForm = z.infer<typeof passwordLoginFormSchema>;

/** The decrypted pair the server checks (same rules as the page's inputs). */
export const passwordLoginPlainSchema = z.object({ loginName: loginNameSchema, password: loginPasswordSchema });

// An RSA-2048 ciphertext is 256 bytes: 344 base64 characters.
const cipherText = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .min(1, { error: emptyMessage, abort: true })
    .max(1024, { error: MSG.badRequest, abort: true })
    .regex(/^[A-Za-z0-9+/=_-]+$/, { error: MSG.loginKeyInvalid });

export const loginKeyIdSchema = z
  .string({ error: MSG.loginKeyInvalid })
  .min(1, { error: MSG.loginKeyInvalid, abort: true })
  .max(100, { error: MSG.loginKeyInvalid });

/** Form fields arrive as strings: an empty optional field counts as absent. */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string({ error: MSG.badRequest }).max(max, { error: MSG.badRequest }).optional(),
  );

/**
 * The image code of every request that checks a password (login, phone binding, password change): sent once
 * the server has answered CAPTCHA_REQUIRED, since their failures share one counter.
 */
export const imageCodeAnswerFields = { captchaId: optionalText(100), captchaCode: optionalText(10) };

/**
 * POST /passport/account/login/v3 (form or JSON): platform 1 (PC), loginName and password as base64
 * RSA-OAEP ciphertexts, key the one-time key's id; captchaId/captchaCode once the image code is required.
 */
export const passwordLoginBodySchema = z.object({
  platform: z.coerce
    .number({ error: MSG.badRequest })
    .int({ error: MSG.badRequest })
    .min(1, { error: MSG.badRequest })
    .max(1, { error: MSG.badRequest })
    .default(1),
  loginName: cipherText(MSG.userNameEmpty),
  password: cipherText(MSG.passwordEmpty),
  key: loginKeyIdSchema,
  ...imageCodeAnswerFields,
});
export type PasswordLoginBody = z.infer<typeof passwordLoginBodySchema>;

/** GET /passport/account/login/key: nonceStr is the public key as base64 of its SPKI DER. */
export const loginKeySchema = z.object({ key: z.string(), nonceStr: z.string() });
export type LoginKey = z.infer<typeof loginKeySchema>;

/** PUT /v2/captcha/image/captchas: checks an image code without using it up. */
export const imageCaptchaCheckBodySchema = z.object({
  id: z
    .string({ error: MSG.captchaRequired })
    .min(1, { error: MSG.captchaRequired, abort: true })
    .max(100, { error: MSG.imageCodeWrong }),
  code: imageCodeSchema.pipe(z.string().max(10, { error: MSG.imageCodeWrong })),
});
export type ImageCaptchaCheckBody = z.infer<typeof imageCaptchaCheckBodySchema>;

/** POST /v2/captcha/image/captchas (answer only with CAPTCHA_MODE=test, for automated browser tests). */
export const imageCaptchaSchema = z.object({ id: z.string(), image: z.string(), answer: z.string().optional() });
export type ImageCaptcha = z.infer<typeof imageCaptchaSchema>;

/** GET /v2/mall/site-flags: switches of the site the pages need before anything else. */
export const siteFlagsSchema = z.object({ passwordLoginEnabled: z.boolean() });
export type SiteFlags = z.infer<typeof siteFlagsSchema>;
