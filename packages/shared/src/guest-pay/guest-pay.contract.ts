import { z } from 'zod';
import { newPasswordSchema, smsCodeSchema } from '../account/account.schemas.ts';
import { MSG } from '../common/messages.ts';
import { PHONE_PATTERN } from '../common/phone.ts';
import { ORDER_TYPES } from '../orders/order-status.ts';
import { GUEST_LINE_KINDS, GUEST_PAY_MSG } from './guest-pay.constants.ts';

export * from './guest-pay.constants.ts';

// The guest payment link (docs/GUEST-PAY.md). Customer service places an order for a phone number
// (`npm run ops -- guest-order …`); the phone gets an SMS with `${PUBLIC_ORIGIN}/payJianke/entry?key=<key>`.
// The key (base64url of 32 random bytes, stored only as its SHA-256) names that one order and nothing else.
//
// Every path below is served under /web-gateway. `{key}` and `token` are the same thing: the link's key.
//
// The entry page (/payJianke/entry?key), anonymous, the key is the credential:
//   GET  /v2/guest-pay/{key}/binding                 → guestBindingSchema (the bind check: isRegisted, maskPhone)
//   GET  /v4/orders/findConsigneePhone/{token}       → guestConsigneePhoneSchema (first 3 and last 4 digits)
//   POST /v4/orders/updatePhone {phone, token}       → guestPhoneConfirmedSchema (the 4 typed digits checked)
//   POST /v2/guest-pay/{key}/register {phone}        → login result, only while isRegisted is '0'
//   POST /v2/guest-pay/{key}/sms-code {phone, purpose} → 204, the code goes to the link's phone only
//   POST /v2/guest-pay/{key}/sign-in {phone, smsCode} → login result, for a registered phone ('1')
// After signing in, every call also needs `Authorization: Bearer` of the order's member (anybody else: 404):
//   GET  /v2/guest-pay/{key}/inquiry                 → guestInquiryCheckSchema (the need-inquiry check)
//   GET  /v4/orders/getPrescriptionSignByToken/{token} → inquiryDataSchema of the inquiry contract
//   POST /v2/orders/inquiry/perfectByToken           → body guestInquirySubmitSchema, reply as perfect/{id}
//   GET  /v2/orders/ordersPatient/{key}/patients     → the member's patients (patientReplySchema[])
//   POST /v2/orders/ordersPatient/{key}/patients     → add or edit (patientBodySchema, same headers as /patients)
//   DELETE /v2/orders/ordersPatient/{key}/patients/{id} → 204
//   GET  /v5/orders/notPay?token&consigneePhone&bgnDate&endDate → guestOrderSchema
//   POST /v2/guest-pay/{key}/pay {paySource?}        → {payUrl} (the sandbox cashier, like POST /v2/pay)
//   PUT  /v2/guest-pay/{key}/password {password, confirmPassword, phone, smsCode} → 204 (409 once it has one)
//
// Errors: a key that is unknown, malformed or of another member's order → 404 (one reply, no hint);
// a key past its life, or not bound within the bind window → 410 LINK_EXPIRED 账号未在规定时间内绑定，请联系客服重新下单
// (the page goes to /timeout); a locked key (10 wrong digit tries) → 429 for every call that takes the phone;
// paying after the countdown's end → 409 订单超时，无法提交.
//
// How the two kinds of phone sign in (decision, docs/GUEST-PAY.md): an unregistered phone ('0': the account
// was made by the operator's command and never signed in) registers with the key and the 4 digits, once;
// a registered phone ('1') confirms the 4 digits and then an SMS code sent to it, as an SMS sign-in does:
// the key alone (a forwarded SMS) must not open an account that holds other orders, addresses and patients.
//
// This file holds the schemas; the paths (guest-pay.paths.ts) and the texts, limits and pure rules
// (guest-pay.constants.ts) have files without zod, re-exported here.

/** The key as it travels in the URL: base64url of 32 random bytes (43 characters). Anything else is a 404. */
export const guestLinkKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** The full phone the page builds: first 3 + the 4 typed digits + last 4. */
export const guestPhoneSchema = z
  .string({ error: GUEST_PAY_MSG.phoneIncomplete })
  .trim()
  .regex(/^\d{11}$/, { error: GUEST_PAY_MSG.phoneIncomplete })
  .regex(PHONE_PATTERN, { error: GUEST_PAY_MSG.phoneWrong });

// ---- The bind check ----
export const isRegistedSchema = z.enum(['0', '1', '2']);
export type IsRegisted = z.infer<typeof isRegistedSchema>;

/** GET /v2/guest-pay/{key}/binding. A key past its life answers 200 with '2' here (other calls: 410). */
export const guestBindingSchema = z.object({
  isRegisted: isRegistedSchema,
  /** '138****8000': the page shows the first 3 and last 4 around four boxes. */
  maskPhone: z.string(),
  /** 10 wrong digit tries: the page says GUEST_PAY_MSG.linkLocked instead of asking for digits. */
  isLocked: z.boolean(),
  /** Tries left before the lock. */
  triesLeft: z.number().int().min(0),
  /** ISO time the phone must be confirmed by. */
  bindDeadline: z.string(),
});
export type GuestBinding = z.infer<typeof guestBindingSchema>;

/** GET /v4/orders/findConsigneePhone/{token}: the order's phone as far as the page may know it. */
export const guestConsigneePhoneSchema = z.object({
  maskPhone: z.string(),
  phonePrefix: z.string().length(3),
  phoneSuffix: z.string().length(4),
});
export type GuestConsigneePhone = z.infer<typeof guestConsigneePhoneSchema>;

/** POST /v4/orders/updatePhone: the full phone built from the 4 typed digits, and the key. */
export const guestUpdatePhoneBodySchema = z.object({ phone: guestPhoneSchema, token: z.string().max(200) });
export type GuestUpdatePhoneBody = z.infer<typeof guestUpdatePhoneBodySchema>;

/** The digits were right: what the button does next ('0' register, '1' SMS sign-in). */
export const guestPhoneConfirmedSchema = z.object({
  isRegisted: z.enum(['0', '1']),
  /** The confirmed full phone (the page passes it on as consigneePhone). */
  consigneePhone: z.string(),
});
export type GuestPhoneConfirmed = z.infer<typeof guestPhoneConfirmedSchema>;

/** POST /v2/guest-pay/{key}/register: the full phone again (checked and counted like updatePhone). */
export const guestRegisterBodySchema = z.object({ phone: guestPhoneSchema });
export type GuestRegisterBody = z.infer<typeof guestRegisterBodySchema>;

/** POST /v2/guest-pay/{key}/sms-code: a 6-digit code to the link's phone (login, or resetPassword for the guest password set). */
export const guestSmsCodeBodySchema = z.object({
  phone: guestPhoneSchema,
  purpose: z.enum(['login', 'resetPassword']).default('login'),
});
export type GuestSmsCodeBody = z.input<typeof guestSmsCodeBodySchema>;

/** POST /v2/guest-pay/{key}/sign-in: a registered phone signs in with the code sent to it. */
export const guestSignInBodySchema = z.object({ phone: guestPhoneSchema, smsCode: smsCodeSchema });
export type GuestSignInBody = z.infer<typeof guestSignInBodySchema>;

// ---- The need-inquiry check and the inquiry by key ----
/** GET /v2/guest-pay/{key}/inquiry: after signing in, inquiry page or pay page. */
export const guestInquiryCheckSchema = z.object({
  ordersCode: z.string(),
  /** The order holds prescription products. */
  isRxDrug: z.boolean(),
  /** The inquiry is submitted (or none is needed). */
  isPerfect: z.boolean(),
  /** The order's member has at least one patient (the inquiry page opens the list, else the form). */
  hasPatient: z.boolean(),
  next: z.enum(['inquiry', 'pay']),
});
export type GuestInquiryCheck = z.infer<typeof guestInquiryCheckSchema>;

/**
 * POST /v2/orders/inquiry/perfectByToken: the body of POST /v2/orders/inquiry/perfect/{id} (inquirySubmitSchema
 * of the inquiry contract) plus `token`. Kept as a field list here so this file does not fix the inquiry's
 * schema: the server extends inquirySubmitSchema with `token`.
 */
export const guestInquiryTokenSchema = z.object({ token: z.string().max(200) });

// ---- The guest order (GET /v5/orders/notPay) ----
/**
 * The query: the key, the confirmed phone, a window of at most 7 calendar days (yyyy-MM-dd, the shopper's days in
 * whatever time zone the browser is; default: the last 7 days in China).
 */
export const guestOrderQuerySchema = z.object({
  token: z.string().max(200),
  consigneePhone: z.string().max(20),
  bgnDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type GuestOrderQuery = z.infer<typeof guestOrderQuerySchema>;

export const guestOrderProductSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  packing: z.string().nullable(),
  /** Cents per piece. */
  actualPrice: z.number().int(),
  amount: z.number().int(),
  productImageUrl: z.string().nullable(),
  mark: z.number().int(),
  combinationId: z.string().nullable(),
  /** guestLineKind(mark, combinationId), computed by the server so page and server agree. */
  kind: z.enum(GUEST_LINE_KINDS),
  /** A prescription drug (prescriptionType 4 or 5): the page tags it 处方药 with the prescription notice. */
  isPrescription: z.boolean(),
});
export type GuestOrderProduct = z.infer<typeof guestOrderProductSchema>;

export const guestOrderSchema = z.object({
  ordersCode: z.string(),
  orderType: z.enum(ORDER_TYPES),
  /** ISO time the order was placed. */
  orderTime: z.string(),
  /** 99 online, 1 cash on delivery. */
  paymentType: z.number().int(),
  /** 在线支付 or 货到付款. */
  paymentTypeName: z.string(),
  /** ISO time unpaid online orders are cancelled; null for cash on delivery. */
  paymentDeadline: z.string().nullable(),
  /** Money is in (online payment done, or cash on delivery collected): the page shows the paid notice. */
  isPaid: z.boolean(),
  /** Seconds left to pay on the server's clock when answered; 0 when over or not waiting for payment. */
  remainingPaySeconds: z.number().int().min(0),
  /** Cents to pay now: the whole sum online, 0 for cash on delivery (all of it is collected at the door). */
  advanceSum: z.number().int(),
  sum: z.number().int(),
  productMoney: z.number().int(),
  couponValue: z.number().int(),
  transportCosts: z.number().int(),
  mallCoinMoney: z.number().int(),
  consignee: z.string(),
  /** Masked: 138****8000. */
  consigneePhone: z.string(),
  deliveryAddress: z.string(),
  /** The member id: the userId of the pay call. */
  accountId: z.number().int(),
  paySource: z.string(),
  isRxDrug: z.boolean(),
  /** The inquiry is complete (an Rx order cannot be paid before). */
  isPrescriptionComplete: z.boolean(),
  /**
   * The order's account has a password: the paid view offers 设置登录密码 only without one. All the reply says
   * of the account.
   */
  hasPassword: z.boolean(),
  /** Combo children right after their parent; gifts and prizes after the lines they come with. */
  orderProducts: z.array(guestOrderProductSchema),
});
export type GuestOrder = z.infer<typeof guestOrderSchema>;

/** POST /v2/guest-pay/{key}/pay: like POST /v2/pay for the link's order; the cashier returns to the pay page. */
export const guestPayBodySchema = z.object({ paySource: z.string().trim().max(20).default('PC') });
export const guestPayReplySchema = z.object({ payUrl: z.string() });

// ---- The guest password set (reset flow) ----
/** PUT /v2/guest-pay/{key}/password: the code (purpose resetPassword) went to the link's phone. */
export const guestPasswordBodySchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordEmpty }).min(1, { error: MSG.confirmPasswordEmpty }),
    phone: guestPhoneSchema,
    smsCode: smsCodeSchema,
  })
  .refine((body) => body.password === body.confirmPassword, {
    error: MSG.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type GuestPasswordBody = z.infer<typeof guestPasswordBodySchema>;
