import { lazyZodRule, loadForCheck } from '../../../lib/lazy-zod-rule.ts';

// The rules of the fields a shopper meets first (phone, SMS code, agreement, new password): the login and
// registration pages show them before zod, about a tenth of their script, has loaded. The schemas come with
// zod when a field is first checked (on leaving it or on submit), the same rules as the server's.
export const loadSignInSchemas = () => loadForCheck(() => import('./sign-in-schemas.ts'));

export const phoneRule = lazyZodRule(async () => (await loadSignInSchemas()).phoneSchema);
export const smsCodeRule = lazyZodRule(async () => (await loadSignInSchemas()).smsCodeSchema);
export const agreementRule = lazyZodRule(async () => (await loadSignInSchemas()).agreementSchema);
export const newPasswordRule = lazyZodRule(async () => (await loadSignInSchemas()).newPasswordSchema);
