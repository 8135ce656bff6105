import { MSG } from '@anxin/shared/common/messages';
import { staffLoginBodySchema, staffSecondFactorBodySchema } from '@anxin/shared/staff/staff.contract';
import type { FormRule } from 'antd';
import { zodRule } from '../../../lib/zod-rule.ts';

// The sign-in's fields checked by the server's own rules, so the page shows the same messages (an empty field
// is not sent at all: the form stops it with the rule's message).
export const loginNameRules: FormRule[] = [
  { required: true, whitespace: true, message: MSG.staffLoginNameEmpty },
  zodRule(staffLoginBodySchema.shape.loginName),
];
export const passwordRules: FormRule[] = [
  { required: true, message: MSG.staffPasswordEmpty },
  zodRule(staffLoginBodySchema.shape.password),
];
export const totpCodeRules: FormRule[] = [
  { required: true, message: MSG.staffTotpCodeInvalid },
  zodRule(staffSecondFactorBodySchema.shape.code.unwrap()),
];
