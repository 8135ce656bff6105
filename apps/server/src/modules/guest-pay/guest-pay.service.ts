/**
 * The guest payment link (docs/GUEST-PAY.md): an order customer service placed for a phone, confirmed,
 * registered or signed in, inquired and paid from the SMS link `/payJianke/entry?key=…`.
 *
 * The key names one order. Every call looks the link up by the key's SHA-256:
 * - unknown or malformed key, or (for member calls) an order that is not the signed-in member's: 404, one
 *   reply for all, so a key or a session never opens another order;
 * - the link timed out (its 7 days are over, or the phone was not confirmed within GUEST_LINK_HOURS): 410
 *   with the /timeout text; the bind check answers isRegisted '2' instead;
 * - calls that take the phone count wrong phones per key; the 10th locks the key for good (429 from then on,
 *   for the right phone too).
 * Anonymous calls (the entry page) also count per client address (120 in 10 minutes).
 */
import { ErrorCode } from '@anxin/shared/common/errors';
import { MSG } from '@anxin/shared/common/messages';
import { maskPhone } from '@anxin/shared/common/phone';
import {
  GUEST_LINK_MAX_WRONG_TRIES,
  GUEST_ORDER_WINDOW_DAYS,
  GUEST_PAY_MSG,
  type GuestBinding,
  type GuestConsigneePhone,
  type GuestInquiryCheck,
  type GuestOrder,
  type GuestOrderQuery,
  type GuestPasswordBody,
  type GuestPhoneConfirmed,
  type GuestSmsCodeBody,
  guestLineKind,
  guestLinkKeySchema,
  guestPayReturnPath,
  guestSmsCodeBodySchema,
  IS_REGISTED,
  orderGuestLines,
} from '@anxin/shared/guest-pay/guest-pay.contract';
import type { InquirySubmit } from '@anxin/shared/inquiry/inquiry.contract';
import { isOnlinePayment, isPrescriptionType, PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import type { ParsedPatientBody } from '@anxin/shared/patients/patient.contract';
import { PAY_NOW_PAYMENT_TYPE } from '@anxin/shared/payments/payments';
import type { AppServices } from '../../app-services.ts';
import type { ClientInfo } from '../../platform/client-info.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors.ts';
import { hitLimits } from '../../platform/rate-limit.ts';
import { lockMember } from '../account/account.module.ts';
import { createAccountClosureService } from '../account-closure/account-closure.module.ts';
import type { AccessClaims } from '../auth/auth.module.ts';
import { createInquiryService } from '../inquiry/inquiry.module.ts';
import { findLinesOfOrders } from '../orders/orders.module.ts';
import { createPasswordService } from '../password/password.module.ts';
import { patientServiceOf } from '../patients/patients.module.ts';
import type { createPaymentsService } from '../payments/payments.module.ts';
import {
  findLinkByKey,
  type GuestLinkFound,
  hasEverSignedIn,
  markBound,
  recordWrongTry,
} from './guest-pay.repository.ts';
import type { GuestPayLinkRow } from './guest-pay.schema.ts';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3600_000;

export const linkTimedOut = () => new AppError(410, ErrorCode.linkExpired, GUEST_PAY_MSG.linkTimedOut);
const linkLocked = () => tooManyRequests(GUEST_PAY_MSG.linkLocked);

/** Past its life, or never confirmed within the bind window. */
export function isTimedOut(link: Pick<GuestPayLinkRow, 'expiresAt' | 'bindDeadline' | 'boundAt'>, now: Date) {
  if (link.expiresAt.getTime() <= now.getTime()) return true;
  return link.boundAt === null && link.bindDeadline.getTime() <= now.getTime();
}

/** Today's date in China, 'yyyy-MM-dd'. */
const chinaDay = (date: Date) => new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
/**
 * The dates are the shopper's calendar days, and the page takes them from the browser, whose time zone may not
 * be China's: a day is taken as it runs anywhere on earth, from its start at UTC+14 to its end at UTC−12.
 */
const EARLIEST_ZONE_MS = 14 * 3600_000;
const LATEST_ZONE_MS = 12 * 3600_000;
const dayStartUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);

type Payments = ReturnType<typeof createPaymentsService>;

export function createGuestPayService(services: AppServices, payments: Payments) {
  const { db, clock, tokens, smsCodes, log } = services;
  const inquiry = createInquiryService(services);
  const patients = patientServiceOf(services);
  const passwords = createPasswordService(services);
  const closures = createAccountClosureService(services);

  /** The link of a well-formed key, or 404. */
  async function linkOf(key: string): Promise<GuestLinkFound> {
    if (!guestLinkKeySchema.safeParse(key).success) throw notFound();
    const found = await findLinkByKey(db, key);
    // A closed account's links are gone with the closure; a closed one found meanwhile opens nothing either.
    if (!found || found.order.deletedAt || found.memberStatus === 'closed') throw notFound();
    return found;
  }

  /** Anonymous calls of the entry page: counted per client address before the key is even looked up. */
  async function anonymousLink(key: string, client: ClientInfo) {
    await hitLimits(db, clock.now(), [{ key: `guest-pay:ip:${client.ip}`, max: 120, windowSeconds: 600 }]);
    const found = await linkOf(key);
    if (isTimedOut(found.link, clock.now())) throw linkTimedOut();
    return found;
  }

  /**
   * The phone built from the 4 typed digits against the link's. A locked link is 429 whatever the phone; a
   * wrong phone is counted (its own statement, kept even though the request fails) and the 10th locks the
   * link. The right phone binds the link (first time only).
   */
  async function confirmPhone(key: string, phone: string, client: ClientInfo) {
    const found = await anonymousLink(key, client);
    const { link } = found;
    if (link.lockedAt) throw linkLocked();
    const now = clock.now();
    if (phone !== link.phone) {
      const counted = await recordWrongTry(db, link.id, now);
      if (!counted || counted.lockedAt) {
        log.warn({ event: 'guest-pay.link.locked', linkId: link.id }, 'guest link locked after wrong phones');
        throw linkLocked();
      }
      throw badRequest(GUEST_PAY_MSG.phoneWrong, 'phone');
    }
    await markBound(db, link.id, now);
    return found;
  }

  /** Has the order's account ever been used (a password or any sign-in)? An account made for the order has not. */
  async function isRegistered(found: GuestLinkFound) {
    return found.member.hasPassword || (await hasEverSignedIn(db, found.member.id));
  }

  /** Member calls: the link of this member's order (404 for anybody else), not timed out. */
  async function memberLink(memberId: number, key: string) {
    const found = await linkOf(key);
    if (found.order.memberId !== memberId) throw notFound();
    if (isTimedOut(found.link, clock.now())) throw linkTimedOut();
    return found;
  }

  /** The patient calls by key: a member link that is not locked either. */
  async function patientLink(memberId: number, key: string) {
    const found = await memberLink(memberId, key);
    if (found.link.lockedAt) throw linkLocked();
    return found;
  }

  function toGuestOrder(
    { order, member }: Pick<GuestLinkFound, 'order' | 'member'>,
    lines: Awaited<ReturnType<typeof findLinesOfOrders>>,
  ): GuestOrder {
    const now = clock.now();
    const isOnline = isOnlinePayment(order);
    // An online order waits for payment in waitPay, or (a prescription order) in waitAudit until paid.
    const isAwaitingPayment =
      isOnline && !order.paidAt && (order.orderType === 'waitPay' || order.orderType === 'waitAudit');
    const remaining =
      isAwaitingPayment && order.payDeadline ? Math.floor((order.payDeadline.getTime() - now.getTime()) / 1000) : 0;
    return {
      ordersCode: order.ordersCode,
      orderType: order.orderType,
      orderTime: order.creationDate.toISOString(),
      paymentType: order.paymentType,
      paymentTypeName: PAYMENT_TYPE_NAME[order.paymentType] ?? '',
      isPaid: order.paidAt !== null,
      paymentDeadline: isOnline ? (order.payDeadline?.toISOString() ?? null) : null,
      remainingPaySeconds: Math.max(0, remaining),
      advanceSum: isOnline ? order.sum : 0,
      sum: order.sum,
      productMoney: order.productMoney,
      couponValue: order.couponValue,
      transportCosts: order.transportCosts,
      mallCoinMoney: order.mallCoinMoney,
      consignee: order.consignee,
      consigneePhone: maskPhone(order.consigneePhone),
      deliveryAddress: order.deliveryAddress,
      accountId: order.memberId,
      paySource: order.paySource,
      isRxDrug: order.isRxDrug,
      isPrescriptionComplete: order.isPrescriptionComplete,
      hasPassword: member.hasPassword,
      orderProducts: orderGuestLines(lines).map((line) => ({
        productCode: line.productCode,
        productName: line.productName,
        packing: line.packing,
        actualPrice: line.actualPrice,
        amount: line.amount,
        productImageUrl: line.productImageUrl,
        mark: line.mark,
        combinationId: line.combinationId,
        kind: guestLineKind(line.mark, line.combinationId),
        isPrescription: isPrescriptionType(line.prescriptionType),
      })),
    };
  }

  return {
    /** GET /v2/guest-pay/{key}/binding: the bind check. A timed-out link answers '2' (the page goes to /timeout). */
    async binding(key: string, client: ClientInfo): Promise<GuestBinding> {
      await hitLimits(db, clock.now(), [{ key: `guest-pay:ip:${client.ip}`, max: 120, windowSeconds: 600 }]);
      const found = await linkOf(key);
      const { link } = found;
      const isRegisted = isTimedOut(link, clock.now())
        ? IS_REGISTED.timedOut
        : (await isRegistered(found))
          ? IS_REGISTED.registered
          : IS_REGISTED.notRegistered;
      return {
        isRegisted,
        maskPhone: maskPhone(link.phone),
        isLocked: link.lockedAt !== null,
        triesLeft: Math.max(0, GUEST_LINK_MAX_WRONG_TRIES - link.wrongTries),
        bindDeadline: link.bindDeadline.toISOString(),
      };
    },

    /** GET /v4/orders/findConsigneePhone/{token}: the first 3 and last 4 digits around the boxes. */
    async consigneePhone(key: string, client: ClientInfo): Promise<GuestConsigneePhone> {
      const { link } = await anonymousLink(key, client);
      return {
        maskPhone: maskPhone(link.phone),
        phonePrefix: link.phone.slice(0, 3),
        phoneSuffix: link.phone.slice(7),
      };
    },

    /** POST /v4/orders/updatePhone: the 4 digits checked (counted); the answer tells register from sign-in. */
    async updatePhone(key: string, phone: string, client: ClientInfo): Promise<GuestPhoneConfirmed> {
      const found = await confirmPhone(key, phone, client);
      const isRegisted = (await isRegistered(found)) ? IS_REGISTED.registered : IS_REGISTED.notRegistered;
      return { isRegisted, consigneePhone: phone };
    },

    /**
     * POST /v2/guest-pay/{key}/register: an account never used (made for this order) is signed in on the key
     * and the 4 digits, once: the sign-in it creates makes the phone registered, so the next time the link
     * asks for an SMS code. The member's row is locked so two parallel calls cannot both register.
     */
    async register(key: string, phone: string, client: ClientInfo) {
      const found = await confirmPhone(key, phone, client);
      if (found.memberStatus !== 'active') throw conflict(MSG.accountClosing);
      const result = await db.transaction(async (tx) => {
        await lockMember(tx, found.member.id);
        if (found.member.hasPassword || (await hasEverSignedIn(tx, found.member.id))) {
          throw conflict(GUEST_PAY_MSG.alreadyRegistered);
        }
        return tokens.signIn({ memberId: found.member.id, method: 'guest-link', ...client }, tx);
      });
      log.info({ event: 'guest-pay.registered', memberId: found.member.id, linkId: found.link.id }, 'guest registered');
      return result;
    },

    /**
     * POST /v2/guest-pay/{key}/sms-code: a code to the link's phone, never to another number. Sign-in codes
     * only for a registered phone (an unregistered one registers with the key); the phone's usual limits, and
     * 10 a day per link.
     */
    async sendSmsCode(key: string, input: GuestSmsCodeBody, client: ClientInfo) {
      const body = guestSmsCodeBodySchema.parse(input);
      const found = await confirmPhone(key, body.phone, client);
      if (body.purpose === 'login' && !(await isRegistered(found))) throw conflict(GUEST_PAY_MSG.notRegistered);
      await hitLimits(db, clock.now(), [
        { key: `guest-pay:sms:${found.link.id}`, max: 10, windowSeconds: 86_400, message: MSG.smsDailyLimit },
      ]);
      await smsCodes.sendCodeForLink(found.link.phone, body.purpose, client.ip);
    },

    /** POST /v2/guest-pay/{key}/sign-in: a registered phone signs in with the 4 digits and its SMS code. */
    async signIn(key: string, phone: string, smsCode: string, client: ClientInfo) {
      const found = await confirmPhone(key, phone, client);
      if (!(await isRegistered(found))) throw conflict(GUEST_PAY_MSG.notRegistered);
      await closures.refuseClosingAccountSignIn(phone, smsCode);
      await smsCodes.consumeCode(phone, 'login', smsCode);
      return tokens.signIn({ memberId: found.member.id, method: 'sms', ...client });
    },

    /** GET /v2/guest-pay/{key}/inquiry: the need-inquiry check after signing in. */
    async inquiryCheck(memberId: number, key: string): Promise<GuestInquiryCheck> {
      const { order } = await memberLink(memberId, key);
      const isPerfect = !order.isRxDrug || order.isPrescriptionComplete;
      const needsInquiry = !isPerfect && order.orderType === 'waitAudit';
      return {
        ordersCode: order.ordersCode,
        isRxDrug: order.isRxDrug,
        isPerfect,
        hasPatient: (await patients.list(memberId)).length > 0,
        next: needsInquiry ? 'inquiry' : 'pay',
      };
    },

    /** GET /v4/orders/getPrescriptionSignByToken/{token}: what the inquiry page needs, as for /pay/inquiry. */
    async prescriptionSign(memberId: number, key: string) {
      const { order } = await memberLink(memberId, key);
      return inquiry.getInquiryData(memberId, order.ordersCode);
    },

    /** POST /v2/orders/inquiry/perfectByToken: the inquiry of the link's order, every rule re-checked. */
    async perfectByToken(memberId: number, key: string, body: InquirySubmit) {
      const { order } = await memberLink(memberId, key);
      return inquiry.submit(memberId, order.ordersCode, body);
    },

    /**
     * The key variants of the patient calls: the key must be of the member's order (404), the link neither
     * timed out (410) nor locked (429: ten wrong phones mean somebody else holds the key too, so it no longer
     * opens the account's patients), then they are the member's own /patients calls.
     */
    patients: {
      async list(memberId: number, key: string) {
        await patientLink(memberId, key);
        return patients.list(memberId);
      },
      async get(memberId: number, key: string, id: number) {
        await patientLink(memberId, key);
        return patients.get(memberId, id);
      },
      async save(memberId: number, key: string, body: ParsedPatientBody) {
        await patientLink(memberId, key);
        if (body.id !== undefined) return { created: false, patient: await patients.update(memberId, body.id, body) };
        return { created: true, patient: await patients.create(memberId, body) };
      },
      async remove(memberId: number, key: string, id: number) {
        await patientLink(memberId, key);
        await patients.remove(memberId, id);
      },
    },

    /**
     * GET /v5/orders/notPay: the link's order, for its confirmed phone, when it was placed inside the window
     * asked (at most 7 days; default the last 7 days). A phone or a window that does not match is 404.
     */
    async notPay(memberId: number, query: GuestOrderQuery): Promise<GuestOrder> {
      const found = await memberLink(memberId, query.token);
      const { link, order } = found;
      if (query.consigneePhone !== link.phone) throw notFound();
      const now = clock.now();
      const endDay = query.endDate ?? chinaDay(now);
      const bgnDay = query.bgnDate ?? chinaDay(new Date(now.getTime() - (GUEST_ORDER_WINDOW_DAYS - 1) * DAY_MS));
      const days = (dayStartUtc(endDay) - dayStartUtc(bgnDay)) / DAY_MS + 1;
      if (Number.isNaN(days) || days < 1 || days > GUEST_ORDER_WINDOW_DAYS) {
        throw badRequest(GUEST_PAY_MSG.dateWindowInvalid, 'bgnDate');
      }
      const placedAt = order.creationDate.getTime();
      const from = dayStartUtc(bgnDay) - EARLIEST_ZONE_MS;
      const until = dayStartUtc(endDay) + DAY_MS + LATEST_ZONE_MS;
      if (placedAt < from || placedAt >= until) throw notFound();
      return toGuestOrder(found, await findLinesOfOrders(db, [order.id]));
    },

    /**
     * POST /v2/guest-pay/{key}/pay: the link's order through pay now. The countdown's end holds here too:
     * past the order's pay deadline → 409 订单超时，无法提交 (pay now would say so as well, in its words). The
     * cashier returns to the flow's pay page on the device the guest paid from, not the member's order detail.
     */
    async pay(memberId: number, key: string, paySource: string) {
      const { order } = await memberLink(memberId, key);
      if (order.payDeadline && order.payDeadline.getTime() <= clock.now().getTime() && !order.paidAt) {
        throw conflict(GUEST_PAY_MSG.orderTimeout);
      }
      return payments.payNow(
        memberId,
        {
          userId: memberId,
          orderCodes: [order.ordersCode],
          paySource,
          platform: 'PC',
          paymentType: PAY_NOW_PAYMENT_TYPE,
        },
        guestPayReturnPath(paySource, order.ordersCode),
      );
    },

    /**
     * PUT /v2/guest-pay/{key}/password: the guest sets a password by the reset flow (the SMS code of purpose
     * resetPassword sent to the link's phone); the current sign-in stays, others end (as the reset's edit type).
     * Only for an account without a password (409): the link's SMS code does not change a password somebody set.
     */
    async setPassword(claims: AccessClaims, key: string, body: GuestPasswordBody, client: ClientInfo) {
      const { link, member } = await memberLink(claims.memberId, key);
      if (member.hasPassword) throw conflict(GUEST_PAY_MSG.passwordAlreadySet);
      if (body.phone !== link.phone) throw badRequest(GUEST_PAY_MSG.phoneWrong, 'phone');
      await passwords.reset(
        { userName: body.phone, password: body.password, validCode: body.smsCode, type: 'edit' },
        client,
        claims,
      );
    },
  };
}

export type GuestPayService = ReturnType<typeof createGuestPayService>;
