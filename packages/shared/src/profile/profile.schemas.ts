import { z } from 'zod';
import { nicknameSchema } from '../account/account.schemas.ts';
import { MSG } from '../common/messages.ts';

// The profile form (user info): sex, birthday, nickname, avatar.

/** Profile sex codes (1 male, 2 female; the patient form of B uses other codes, a different entity). */
export const SEX = { male: 1, female: 2 } as const;
export const SEX_OPTIONS = [
  { value: SEX.male, label: '男' },
  { value: SEX.female, label: '女' },
] as const;

/** 1 or 2; the strings '1' and '2' are taken too, as old pages send form values as text. */
export const sexSchema = z.preprocess(
  (value) => (value === '1' || value === '2' ? Number(value) : value),
  z.union([z.literal(SEX.male), z.literal(SEX.female)], { error: MSG.sexRequired }),
);

/** The birthday picker offers the years 1900 to the current one. */
export const BIRTHDAY_MIN_YEAR = 1900;
const BIRTHDAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, from 1900-01-01 on (no time zone involved). */
export function isValidBirthday(value: string): boolean {
  const match = BIRTHDAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < BIRTHDAY_MIN_YEAR || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** `today` as YYYY-MM-DD in the shop's time zone; both strings compare in date order. */
export function isBirthdayAfter(birthday: string, today: string): boolean {
  return birthday > today;
}

export const birthdaySchema = z
  .string({ error: MSG.birthdayEmpty })
  .trim()
  .min(1, { error: MSG.birthdayEmpty, abort: true })
  .refine(isValidBirthday, { error: MSG.birthdayInvalid });

/** The avatar is the `url` an upload answered (or the current avatar sent back unchanged). */
export const avatarSchema = z.string({ error: MSG.avatarInvalid }).trim().max(500, { error: MSG.avatarInvalid });

/** PUT /v2/member/vo. The avatar may be left out to keep the current one. */
export const profileBodySchema = z.object({
  sex: sexSchema,
  birthday: birthdaySchema,
  nickName: nicknameSchema,
  avatar: avatarSchema.nullish(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The user info (GET and PUT /v2/member/vo). */
export const userInfoSchema = z.object({
  accountId: z.number(),
  nickName: z.string(),
  memberName: z.string().nullable(),
  avatar: z.string(),
  sex: z.number().nullable(),
  commonDrugs: z.string().nullable(),
  allergyDrugs: z.string().nullable(),
  diseaseHistory: z.string().nullable(),
  birthday: z.string().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  jobNature: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  revenues: z.string().nullable(),
  phoneStr: z.string().nullable(),
  email: z.string().nullable(),
  /** 长辈模式: the member's choice, applied on every device they sign in on. */
  elderlyMode: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** PUT /v2/member/elderly-mode: 长辈模式 on (true) or off (false); answers the user info. */
export const elderlyModeBodySchema = z.object({ elderlyMode: z.boolean({ error: MSG.elderlyModeInvalid }) });
export type ElderlyModeBody = z.infer<typeof elderlyModeBodySchema>;

/** GET /v2/member/account: the user info with the login name and whether a password is set. */
export const accountInfoSchema = userInfoSchema.extend({ loginName: z.string().nullable(), hasPassword: z.boolean() });
export type AccountInfo = z.infer<typeof accountInfoSchema>;

// ---- Avatar upload ----
export const AVATAR_MAX_BYTES = 2048 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const AVATAR_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** The page's check before uploading: the message to show, or undefined when the file may go. */
export function checkAvatarFile(file: { name: string; size: number }): string | undefined {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return MSG.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return MSG.avatarSize;
  return undefined;
}
