import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { STAFF_PERMISSIONS, STAFF_ROLES } from './staff-roles.ts';

// The console's sign-in (docs/CONSOLE.md, "Sign-in"): login name and password, then the second factor (TOTP,
// RFC 6238, or a recovery code). What the page sends and what the server answers.

/** The authenticator's code: six digits. */
export const TOTP_CODE_LENGTH = 6;
/** Recovery codes handed out when the second factor is set up, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** 'abcd-efgh-jkmn': three groups of four letters and digits (no 0/o/1/l/i). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;

/** POST /admin/auth/login. The image code comes once the server asked for it (CAPTCHA_REQUIRED). */
export const staffLoginBodySchema = z.object({
  loginName: z.string().trim().min(1, { error: MSG.staffLoginNameEmpty }).max(32, { error: MSG.loginFailed }),
  password: z.string().min(1, { error: MSG.staffPasswordEmpty }).max(64, { error: MSG.loginFailed }),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
});
export type StaffLoginBody = z.input<typeof staffLoginBodySchema>;

export const STAFF_SIGN_IN_STEPS = ['totp', 'setup'] as const;
/** The first step's reply: a single-use 5-minute challenge for the second; `setup` when none is set up yet. */
export const staffLoginReplySchema = z.object({ challenge: z.string(), step: z.enum(STAFF_SIGN_IN_STEPS) });
export type StaffLoginReply = z.infer<typeof staffLoginReplySchema>;

export const staffChallengeQuerySchema = z.object({ challenge: z.string().min(1).max(128) });

/** GET /admin/auth/totp-setup: what an authenticator app needs, as a link, a QR picture and the bare secret. */
export const totpSetupReplySchema = z.object({
  otpauthUrl: z.string(),
  /** data:image/png;base64,… */
  qrImage: z.string(),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupReplySchema>;

/** POST /admin/auth/totp: the challenge and either the six digits or a recovery code. */
export const staffSecondFactorBodySchema = z
  .object({
    challenge: z.string().min(1).max(128),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), { error: MSG.staffTotpCodeInvalid })
      .optional(),
    recoveryCode: z.string().trim().toLowerCase().max(32, { error: MSG.staffTotpWrong }).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: MSG.staffSecondFactorMissing,
    path: ['code'],
  });
export type StaffSecondFactorBody = z.input<typeof staffSecondFactorBodySchema>;

/** The signed-in staff member: what the console shows and which of its parts it offers. */
export const staffMemberSchema = z.object({
  id: z.number(),
  loginName: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** The second step's reply: the staff access token (no refresh token), and the recovery codes once, on setup. */
export const staffSignInReplySchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  staff: staffMemberSchema,
  recoveryCodes: z.array(z.string()).optional(),
});
export type StaffSignInReply = z.infer<typeof staffSignInReplySchema>;

/** GET /admin/dev/demo-staff (outside production only): the demo staff and each one's current six digits. */
export const demoStaffSchema = z.object({
  loginName: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  code: z.string(),
});
export type DemoStaff = z.infer<typeof demoStaffSchema>;
