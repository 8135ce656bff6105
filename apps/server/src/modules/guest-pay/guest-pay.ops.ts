// The operator's commands of the guest payment link (`npm run ops -- guest-order …`, declared in
// guest-pay.commands.ts): the words typed, checked and handed to guest-orders.service.ts, which the console
// uses too.

import { consigneeSchema } from '@anxin/shared/addresses/address.schemas';
import { productCodeSchema } from '@anxin/shared/catalogue/catalogue.contract';
import { formatYuanWithSign } from '@anxin/shared/common/money';
import { maskPhone, phoneSchema } from '@anxin/shared/common/phone';
import { GUEST_ORDER_MAX_QUANTITY, OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { AppError } from '../../platform/errors.ts';
import { type OpsResult, optionOf } from '../../platform/ops-command.ts';
import { findOrderByCode } from '../orders/orders.module.ts';
import { createGuestOrders, type GuestOrdersDeps } from './guest-orders.service.ts';

export const GUEST_LINK_END_USAGE = 'guest-link-end <ordersCode>';

export const GUEST_ORDER_USAGE =
  'guest-order <phone> <productCode[:qty],…> --address "<province city district detail>" --name <consignee> [--payment online|cod]';

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
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > GUEST_ORDER_MAX_QUANTITY)
      return `quantity 1-99: ${part}`;
    if (items.some((item) => item.productCode === code)) return `product twice: ${code}`;
    items.push({ productCode: code, quantity });
  }
  return items.length > 0 ? items : 'no products';
}

/**
 * `guest-order`: the console's 代客下单 from the command line (guest-orders.service.ts: the order, the link
 * and the audit entry as ops, then the SMS); prints the link.
 */
export async function runGuestOrderCommand(deps: GuestOrdersDeps, args: string[]): Promise<OpsResult> {
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

  const [province = '', city = '', district = '', ...detail] = addressWords;
  const guestOrders = createGuestOrders(deps);
  const placed = await guestOrders.place(
    {
      phone: phone.data,
      items,
      address: { province, city, district, detail: detail.join(' ') },
      consignee: consignee.data,
      payment,
    },
    OPS_ACTOR,
  );
  return {
    ok: true,
    lines: [
      `✔ ${placed.order.ordersCode} ${formatYuanWithSign(placed.order.sum)} for ${maskPhone(phone.data)}${placed.isNewAccount ? ' (new account, not registered yet)' : ''}; link sent by SMS, bind within ${guestOrders.hours} h:`,
      placed.url,
    ],
  };
}

/**
 * `guest-link-end <ordersCode>`: ends the live links of an order at once (guest-orders.service.ts, audited as
 * ops); the links then answer as timed out (the page shows /timeout).
 */
export async function runGuestLinkEndCommand(deps: GuestOrdersDeps, args: string[]): Promise<OpsResult> {
  const [code] = args;
  if (args.length !== 1 || !code) return usage('one order code', GUEST_LINK_END_USAGE);
  const order = await findOrderByCode(deps.db, code);
  if (!order) return { ok: false, lines: [`✘ no order ${code}`] };
  try {
    const ended = await createGuestOrders(deps).end(code, OPS_ACTOR);
    return { ok: true, lines: [`✔ ${code}: ${ended} guest link(s) ended; opening one now shows /timeout`] };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) {
      return { ok: false, lines: [`✘ ${code} has no live guest link`] };
    }
    throw error;
  }
}
