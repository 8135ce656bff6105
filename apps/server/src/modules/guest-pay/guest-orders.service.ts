// Customer service's side of the guest payment link (docs/GUEST-PAY.md): place an order for somebody who called
// in and SMS them the link, list the links with their state, end one. The console (guest-pay.console.routes.ts)
// and the command line (guest-pay.ops.ts) both go through here; every act is audited in its transaction.

import { formatDeliveryAddress } from '@anxin/shared/addresses/address-format';
import { isInStock } from '@anxin/shared/catalogue/catalogue';
import { freightFor } from '@anxin/shared/checkout/checkout';
import { MSG } from '@anxin/shared/common/messages';
import type { Paged } from '@anxin/shared/common/page';
import { maskPhone } from '@anxin/shared/common/phone';
import { GUEST_ORDER_WINDOW_DAYS, GUEST_PAY_PAGES } from '@anxin/shared/guest-pay/guest-pay.contract';
import { PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import { GUEST_LINK_PAGE_SIZE, type GuestLinkItem, type GuestLinkState } from '@anxin/shared/staff/console.contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { defaultNickname, findMemberByPhone, insertMember } from '../account/account.module.ts';
import { createCouponService } from '../assets/assets.module.ts';
import { type AuditActor, recordAudit } from '../audit/audit.module.ts';
import { findProductsByCodes, productImageUrl } from '../catalogue/catalogue.module.ts';
import { createOrderService, findOrderByCode, type OrderRow, orders } from '../orders/orders.module.ts';
import { endLinksOfOrder, insertLink } from './guest-pay.repository.ts';
import { type GuestPayLinkRow, guestPayLinks } from './guest-pay.schema.ts';

/** How long the phone may take to be confirmed (and the online order to be paid) when GUEST_LINK_HOURS is unset. */
export const DEFAULT_GUEST_LINK_HOURS = 24;

export type GuestOrdersDeps = {
  db: Database;
  clock: Clock;
  sms: SmsProvider;
  publicOrigin: string;
  /** GUEST_LINK_HOURS: the bind window, also the online order's pay deadline. */
  guestLinkHours?: number;
};

/** A guest order as customer service enters it; the address's four parts are the delivery address's text. */
export type GuestOrderInput = {
  phone: string;
  items: { productCode: string; quantity: number }[];
  address: { province: string; city: string; district: string; detail: string };
  consignee: string;
  payment: 'online' | 'cod';
};

/** The URL sent by SMS: the public origin, the entry page, the key. */
export const guestLinkUrl = (publicOrigin: string, key: string) =>
  `${publicOrigin.replace(/\/+$/, '')}${GUEST_PAY_PAGES.entry}?key=${key}`;

/**
 * The link's state, the first that holds: paid (its order is), ended (customer service cut its life short: it
 * expires before the natural end of the guest order's window), expired (its life is over, or the phone was not
 * confirmed in time), confirmed (the phone was), sent.
 */
export function guestLinkStateOf(link: GuestPayLinkRow, order: Pick<OrderRow, 'paidAt'>, now: Date): GuestLinkState {
  if (order.paidAt) return 'paid';
  const naturalEnd = link.createdAt.getTime() + GUEST_ORDER_WINDOW_DAYS * 86_400_000;
  if (link.expiresAt.getTime() < naturalEnd && link.expiresAt <= now) return 'ended';
  if (link.expiresAt <= now || (!link.boundAt && link.bindDeadline <= now)) return 'expired';
  return link.boundAt ? 'confirmed' : 'sent';
}

const toItem = (link: GuestPayLinkRow, order: OrderRow, now: Date): GuestLinkItem => ({
  ordersCode: order.ordersCode,
  phone: maskPhone(link.phone),
  consignee: order.consignee,
  sum: order.sum,
  paymentType: order.paymentType,
  orderType: order.orderType,
  state: guestLinkStateOf(link, order, now),
  createdAt: link.createdAt.toISOString(),
  bindDeadline: link.bindDeadline.toISOString(),
  expiresAt: link.expiresAt.toISOString(),
  boundAt: link.boundAt?.toISOString() ?? null,
  isLocked: link.lockedAt !== null,
});

const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export function createGuestOrders(deps: GuestOrdersDeps) {
  const { db, clock } = deps;
  const hours = deps.guestLinkHours ?? DEFAULT_GUEST_LINK_HOURS;

  async function linkOf(executor: Executor, ordersCode: string) {
    const [row] = await executor
      .select({ link: guestPayLinks, order: orders })
      .from(guestPayLinks)
      .innerJoin(orders, eq(orders.id, guestPayLinks.orderId))
      .where(eq(orders.ordersCode, ordersCode))
      .orderBy(desc(guestPayLinks.id))
      .limit(1);
    return row;
  }

  return {
    hours,

    /**
     * Places the order for the phone's account (made on the spot, without a password, when the phone has
     * none: an order needs a member, and the account is what the guest registers into), makes the link (the
     * key's SHA-256 stored) and the audit entry in the same transaction, then sends the SMS with the link.
     */
    async place(input: GuestOrderInput, actor: AuditActor) {
      const now = clock.now();
      const key = randomToken();
      const placed = await db.transaction(async (tx) => {
        const existing = await findMemberByPhone(tx, input.phone);
        if (existing && existing.status !== 'active') throw conflict(MSG.accountClosing);
        const member =
          existing ??
          (await insertMember(tx, {
            phone: input.phone,
            nickname: defaultNickname(input.phone),
            createdAt: now,
            updatedAt: now,
          }));
        // The new-user gift pack comes with the account, as with every other way an account is made.
        if (!existing) await createCouponService(db).issueGiftPack(tx, member.id, now);

        const products = await findProductsByCodes(
          tx,
          input.items.map((item) => item.productCode),
        );
        const lines = input.items.map(({ productCode, quantity }) => {
          const product = products.get(productCode);
          if (!product || !isInStock(product.stockStatus)) {
            throw conflict(`${MSG.productsUnavailable} (${productCode})`);
          }
          return {
            productCode,
            productName: product.name,
            productImageUrl: productImageUrl(productCode),
            packing: product.packing,
            amount: quantity,
            actualPrice: product.price,
            mark: 1,
            prescriptionType: product.prescriptionType,
            classCode: product.classCode,
          };
        });
        const productMoney = lines.reduce((total, line) => total + line.amount * line.actualPrice, 0);
        const { address } = input;
        const { order } = await createOrderService({ db, clock }).placeOrder(
          tx,
          {
            memberId: member.id,
            paymentType: input.payment === 'cod' ? PAYMENT_TYPE.cashOnDelivery : PAYMENT_TYPE.online,
            paySource: 'guest-link',
            consignee: input.consignee,
            consigneePhone: input.phone,
            deliveryAddress: formatDeliveryAddress([address.province, address.city, address.district], address.detail),
            transportCosts: freightFor(productMoney),
            lines,
          },
          { paymentTimeoutMinutes: hours * 60 },
        );
        // Counted from the order's own time, so the bind deadline is the online order's pay deadline exactly.
        const placedAt = order.creationDate.getTime();
        await insertLink(tx, {
          keyHash: sha256(key),
          orderId: order.id,
          phone: input.phone,
          createdAt: order.creationDate,
          bindDeadline: new Date(placedAt + hours * 3600_000),
          expiresAt: new Date(placedAt + GUEST_ORDER_WINDOW_DAYS * 86_400_000),
        });
        await recordAudit(tx, {
          actor,
          at: now,
          action: 'guest.order',
          objectType: 'order',
          objectId: order.ordersCode,
          before: null,
          after: {
            phone: maskPhone(input.phone),
            items: input.items,
            payment: input.payment,
            sum: order.sum,
            isNewAccount: !existing,
          },
        });
        return { order, isNewAccount: !existing };
      });

      const url = guestLinkUrl(deps.publicOrigin, key);
      await deps.sms.send({
        phone: input.phone,
        content: `【安心大药房】您的订单${placed.order.ordersCode}已由客服下单，请在${hours}小时内打开链接确认手机号${input.payment === 'cod' ? '' : '并完成支付'}：${url}`,
      });
      return { ...placed, url };
    },

    /**
     * Ends the live links of an order at once (sent to a wrong number, forwarded, the caller changed their
     * mind): they then answer as timed out (/timeout); the order itself is left as it is. 404 for an unknown
     * order, 409 when none of its links is live.
     */
    async end(ordersCode: string, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const order = await findOrderByCode(tx, ordersCode);
        if (!order) throw notFound();
        const ended = await endLinksOfOrder(tx, order.id, clock.now());
        if (ended === 0) throw conflict(MSG.guestLinkNoneLive);
        await recordAudit(tx, {
          actor,
          at: clock.now(),
          action: 'guest.linkEnd',
          objectType: 'order',
          objectId: ordersCode,
          before: { liveLinks: ended },
          after: { liveLinks: 0 },
        });
        return ended;
      });
    },

    /** One order's latest link as the console lists it; 404 when the order has none. */
    async linkItem(ordersCode: string): Promise<GuestLinkItem> {
      const row = await linkOf(db, ordersCode);
      if (!row) throw notFound();
      return toItem(row.link, row.order, clock.now());
    },

    /** The links newest first, by the phone's or the order code's start. */
    async list(query: { phone?: string; code?: string; page: number }): Promise<Paged<GuestLinkItem>> {
      const where: SQL | undefined = and(
        query.phone ? ilike(guestPayLinks.phone, startsWith(query.phone)) : undefined,
        query.code ? ilike(orders.ordersCode, startsWith(query.code)) : undefined,
      );
      const [total] = await db
        .select({ value: count() })
        .from(guestPayLinks)
        .innerJoin(orders, eq(orders.id, guestPayLinks.orderId))
        .where(where);
      const rows = await db
        .select({ link: guestPayLinks, order: orders })
        .from(guestPayLinks)
        .innerJoin(orders, eq(orders.id, guestPayLinks.orderId))
        .where(where)
        .orderBy(desc(guestPayLinks.createdAt), desc(guestPayLinks.id))
        .limit(GUEST_LINK_PAGE_SIZE)
        .offset((query.page - 1) * GUEST_LINK_PAGE_SIZE);
      const now = clock.now();
      const totalElements = total?.value ?? 0;
      return {
        content: rows.map((row) => toItem(row.link, row.order, now)),
        totalElements,
        totalPages: Math.ceil(totalElements / GUEST_LINK_PAGE_SIZE),
        page: query.page,
        size: GUEST_LINK_PAGE_SIZE,
      };
    },
  };
}
