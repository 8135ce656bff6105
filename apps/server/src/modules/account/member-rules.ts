import { AccountSafetyCode } from '@anxin/shared/account/account-safety.schemas';
import { MSG } from '@anxin/shared/common/messages';
import { AppError } from '../../platform/errors.ts';

/** An account in its cooling-off period signs in only to withdraw (by SMS code, account-closure). */
export const accountClosingError = () => new AppError(409, AccountSafetyCode.accountClosing, MSG.accountClosing);

/** The nickname of an account made from a phone (SMS sign-in, phone binding, a guest link). */
export const defaultNickname = (phone: string) => `安心用户${phone.slice(-4)}`;
