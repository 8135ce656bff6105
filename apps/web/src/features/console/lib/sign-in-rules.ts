import { MSG } from '@anxin/shared/common/messages';
import { staffLoginBodySchema, staffSecondFactorBodySchema } from '@anxin/shared/staff/staff.contract';
import { requiredFieldRules } from './field-rules.ts';

// The sign-in's fields checked by the server's own rules, so the page shows the same messages.
export const loginNameRules = requiredFieldRules(staffLoginBodySchema.shape.loginName, MSG.staffLoginNameEmpty);
export const passwordRules = requiredFieldRules(staffLoginBodySchema.shape.password, MSG.staffPasswordEmpty);
export const totpCodeRules = requiredFieldRules(
  staffSecondFactorBodySchema.shape.code.unwrap(),
  MSG.staffTotpCodeInvalid,
);
