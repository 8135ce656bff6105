// The operator's commands of the guest payment link (`npm run ops -- guest-order …`, declared in
// guest-pay.commands.ts): customer service places an order for somebody who called in, and the SMS carries
// the link.

import { consigneeSchema } from '@anxin/shared/addresses/address.schemas';
import { formatDeliveryAddress } from '@anxin/shared/addresses/address-format';
import { isInStock } from '@anxin/shared/catalogue/catalogue';
import { productCodeSchema } from '@anxin/shared/catalogue/catalogue.contract';
import { freightFor } from '@anxin/shared/checkout/checkout';
import { MSG } from '@anxin/shared/common/messages';
import { formatYuanWithSign } from '@anxin/shared/common/money';
import { maskPhone, phoneSchema } from '@anxin/shared/common/phone';
import { GUEST_ORDER_WINDOW_DAYS, GUEST_PAY_PAGES } from '@anxin/shared/guest-pay/guest-pay.contract';
import { PAYMENT_TYPE } from '@anxin/shared/orders/order-status';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { conflict } from '../../platform/errors.ts';
import { type OpsResult, optionOf } from '../../platform/ops-command.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { defaultNickname, findMemberByPhone, insertMember } from '../account/account.module.ts';
import { createCouponService } from '../assets/assets.module.ts';
import { findProductsByCodes, productImageUrl } from '../catalogue/catalogue.module.ts';
import { createOrderService, findOrderByCode } from '../orders/orders.module.ts';
import { endLinksOfOrder, insertLink } from './guest-pay.repository.ts';

/** How long the phone may take to be confirmed (and the online order to be paid) when GUEST_LINK_HOURS is unset. */
export const DEFAULT_GUEST_LINK_HOURS = 24;
const MAX_QUANTITY = 99;

export type GuestOrderOpsDeps = {
  db: Database;
  clock: Clock;
  sms: SmsProvider;
  publicOrigin: string;
  /** GUEST_LINK_HOURS: the bind window, also the online order's pay deadline. */
  guestLinkHours?: number;
};

export const GUEST_LINK_END_USAGE = 'guest-link-end <ordersCode>';

export const GUEST_ORDER_USAGE =
  'guest-order <phone> <productCode[:qty],…> --address "<province city district detail>" --name <consignee> [--payment online|cod]';

/** The URL sent by SMS: the public origin, the entry page, the key. */
export const guestLinkUrl = (publicOrigin: string, key: string) =>
  `${publicOrigin.replace(/\/+$/, '')}${GUEST_PAY_PAGES.entry}?key=${key}`;

const usage = (problem: string, line = GUEST_ORDER_USAGE): OpsResult => ({
  ok: false,
  lines: [`✘ ${problem}`, `Usage: ${line}`],
});

/** 'code[:qty],…' → [{code, quantity}], or a problem. */
function parseItems(text: string): { productCode: string; quantity: number }[] | string {
  const items: { productCode: string; quantity: number }[] = [];
  for (const part of text.split(',').filter(Boolean)) {
    const [code = '', qty = '1'] = part.split(':');
    if (!productCodeSchema.safeParse(code).success) return `not a product code: ${code}`;
    const quantity = Number(qty);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return `quantity 1-99: ${part}`;
    if (items.some((item) => item.productCode === code)) return `product twice: ${code}`;
    items.push({ productCode: code, quantity });
  }
  return items.length > 0 ? items : 'no products';
}

/**
 * `guest-order`: places the order for the phone's account (made on the spot, without a password, when the
 * phone has none: an order needs a member, and the account is what the guest registers into), makes the link
 * (the key's SHA-256 stored) in the same transaction, then sends the SMS with the link and prints it.
 */
export async function runGuestOrderCommand(deps: GuestOrderOpsDeps, args: string[]): Promise<OpsResult> {
  const [phoneArg, itemsArg] = args;
  const phone = phoneSchema.safeParse(phoneArg);
  if (!phone.success) return usage('a valid phone first');
  const items = parseItems(itemsArg ?? '');
  if (typeof items === 'string') return usage(items);
  const addressWords = (optionOf(args, '--address') ?? '').split(/\s+/).filter(Boolean);
  if (addressWords.length < 4) return usage('--address needs province, city, district and the detail');
  const consignee = consigneeSchema.safeParse(optionOf(args, '--name'));
  if (!consignee.success) return usage('--name: the consignee (a person’s name)');
  const payment = optionOf(args, '--payment') ?? 'online';
  if (payment !== 'online' && payment !== 'cod') return usage('--payment online or cod');

  const { db, clock } = deps;
  const hours = deps.guestLinkHours ?? DEFAULT_GUEST_LINK_HOURS;
  const now = clock.now();
  const key = randomToken();
  const [province, city, district, ...detail] = addressWords;
  const placed = await db.transaction(async (tx) => {
    const existing = await findMemberByPhone(tx, phone.data);
    if (existing && existing.status !== 'active') throw conflict(MSG.accountClosing);
    const member =
      existing ??
      (await insertMember(tx, {
        phone: phone.data,
        nickname: defaultNickname(phone.data),
        createdAt: now,
        updatedAt: now,
      }));
    // The new-user gift pack comes with the account, as with every other way an account is made.
    if (!existing) await createCouponService(db).issueGiftPack(tx, member.id, now);

    const products = await findProductsByCodes(
      tx,
      items.map((item) => item.productCode),
    );
    const lines = items.map(({ productCode, quantity }) => {
      const product = products.get(productCode);
      if (!product || !isInStock(product.stockStatus)) throw conflict(`${MSG.productsUnavailable} (${productCode})`);
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
    const { order } = await createOrderService({ db, clock }).placeOrder(
      tx,
      {
        memberId: member.id,
        paymentType: payment === 'cod' ? PAYMENT_TYPE.cashOnDelivery : PAYMENT_TYPE.online,
        paySource: 'guest-link',
        consignee: consignee.data,
        consigneePhone: phone.data,
        deliveryAddress: formatDeliveryAddress([province, city, district], detail.join(' ')),
        transportCosts: freightFor(productMoney),
        lines,
      },
      { paymentTimeoutMinutes: hours * 60 },
    );
    // Counted from the order's own time, so the bind deadline is the online order's pay deadline exactly.
    const placedAt = order.creationDate.getTime();
    const link = await insertLink(tx, {
      keyHash: sha256(key),
      orderId: order.id,
      phone: phone.data,
      createdAt: order.creationDate,
      bindDeadline: new Date(placedAt + hours * 3600_000),
      expiresAt: new Date(placedAt + GUEST_ORDER_WINDOW_DAYS * 86_400_000),
    });
    return { order, link, isNewAccount: !existing };
  });

  const url = guestLinkUrl(deps.publicOrigin, key);
  await deps.sms.send({
    phone: phone.data,
    content: `【安心大药房】您的订单${placed.order.ordersCode}已由客服下单，请在${hours}小时内打开链接确认手机号${payment === 'cod' ? '' : '并完成支付'}：${url}`,
  });
  return {
    ok: true,
    lines: [
      `✔ ${placed.order.ordersCode} ${formatYuanWithSign(placed.order.sum)} for ${maskPhone(phone.data)}${placed.isNewAccount ? ' (new account, not registered yet)' : ''}; link sent by SMS, bind within ${hours} h:`,
      url,
    ],
  };
}

/**
 * `guest-link-end <ordersCode>`: customer service ends the live links of an order at once (sent to a wrong
 * number, forwarded, the caller changed their mind). The links then answer as timed out (the page shows
 * /timeout); the order itself is left as it is.
 */
export async function runGuestLinkEndCommand(deps: Pick<GuestOrderOpsDeps, 'db' | 'clock'>, args: string[]) {
  const [code] = args;
  if (args.length !== 1 || !code) return usage('one order code', GUEST_LINK_END_USAGE);
  const order = await findOrderByCode(deps.db, code);
  if (!order) return { ok: false, lines: [`✘ no order ${code}`] };
  const ended = await endLinksOfOrder(deps.db, order.id, deps.clock.now());
  if (ended === 0) return { ok: false, lines: [`✘ ${code} has no live guest link`] };
  return { ok: true, lines: [`✔ ${code}: ${ended} guest link(s) ended; opening one now shows /timeout`] };
}
