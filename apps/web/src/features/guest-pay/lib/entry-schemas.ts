// The entry page's checks, the server's own rules: fetched with zod when the shopper first submits, so the page
// a phone opens from the SMS shows its form without zod (entry-page.tsx).
import '@anxin/shared/common/zod-locale';

export { smsCodeSchema } from '@anxin/shared/account/account.schemas';
export { guestPhoneSchema } from '@anxin/shared/guest-pay/guest-pay.contract';
