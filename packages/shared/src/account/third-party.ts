import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { isThirdType, THIRD_PARTY_TYPES, type ThirdType } from './third-party.constants.ts';

export type { ThirdPartyProvider, ThirdType } from './third-party.constants.ts';
export {
  alreadyBoundMessage,
  bindConfirmMessage,
  bindSuccessMessage,
  isThirdType,
  loginTypeOfThirdType,
  PASSWORD_LOGIN_TYPE,
  providerOfThirdType,
  sameThirdBinderMessage,
  THIRD_PARTY_NAMES,
  THIRD_PARTY_PROVIDERS,
  THIRD_PARTY_TYPES,
  thirdTypeOfLoginType,
  thirdTypeOfProvider,
} from './third-party.constants.ts';

/** A third type as the query string or JSON carries it ("1".."4" or 1..4). */
export const thirdTypeSchema = z.coerce
  .number({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .refine(isThirdType, { error: MSG.badRequest })
  .transform((value) => value as ThirdType);

/** POST /v2/member/account/thirdBinder/authorizations: the kind the member starts binding from the safety page. */
export const thirdBindStartBodySchema = z.object({ type: thirdTypeSchema });
export type ThirdBindStartBody = z.infer<typeof thirdBindStartBodySchema>;
/** Its reply: the provider's page the browser goes to. */
export const thirdBindStartReplySchema = z.object({ url: z.string() });
export type ThirdBindStartReply = z.infer<typeof thirdBindStartReplySchema>;

/** A third type in a reply: always one of the four. */
export const thirdTypeReplySchema = z.literal(THIRD_PARTY_TYPES).describe('1 qq, 2 weixin, 3 alipay, 4 weibo');

/** GET /v2/member/account/thirdBinder: one of the four kinds, bound or not. */
export const thirdBindingSchema = z.object({
  type: thirdTypeReplySchema,
  name: z.string(),
  isBind: z.boolean(),
  nickname: z.string().nullable(),
  boundAt: z.string().nullable(),
});
export type ThirdBinding = z.infer<typeof thirdBindingSchema>;

/** POST /v2/member/account/binder/preview: the account PUT binder would bind, the provider's nickname with it. */
export const thirdBindPreviewSchema = z.object({ type: thirdTypeReplySchema, name: z.string(), nickname: z.string() });
export type ThirdBindPreview = z.infer<typeof thirdBindPreviewSchema>;

/** PUT /v2/member/account/binder: what was bound, and the success message to show. */
export const thirdBindResultSchema = z.object({ type: thirdTypeReplySchema, name: z.string(), message: z.string() });
export type ThirdBindResult = z.infer<typeof thirdBindResultSchema>;
