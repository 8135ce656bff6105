// The schemas of the sign-in forms' fields, fetched with zod when a field is first checked (sign-in-rules.ts).
import '@anxin/shared/common/zod-locale';

export {
  agreementSchema,
  checkConfirmPassword,
  newPasswordSchema,
  smsCodeSchema,
} from '@anxin/shared/account/account.schemas';
export { checkNewPasswordDiffers } from '@anxin/shared/auth/password.schemas';
export { phoneSchema } from '@anxin/shared/common/phone';
