// Customer service's commands (`npm run ops -- guest-order|guest-link-end`), run by guest-pay.ops.ts.
import { type OpsCommand, opsUsage } from '../../platform/ops-command.ts';
import { GUEST_ORDER_USAGE, runGuestLinkEndCommand, runGuestOrderCommand } from './guest-pay.ops.ts';

export const guestPayCommands: OpsCommand[] = [
  {
    name: 'guest-order',
    args: '<phone> <productCode[:qty],…> --address "<province city district detail>" --name <consignee> [--payment online|cod]',
    help:
      '客服代下单 / place an order for a phone (its account is made when it has none), SMS it the payment link ' +
      '/payJianke/entry?key=… (bind within GUEST_LINK_HOURS, default 24), print the link',
    run: (deps, args) =>
      args.length < 2 ? Promise.resolve(opsUsage(GUEST_ORDER_USAGE)) : runGuestOrderCommand(deps, args),
  },
  {
    name: 'guest-link-end',
    args: '<ordersCode>',
    help: "结束支付链接 / end an order's guest links now (they show /timeout)",
    run: runGuestLinkEndCommand,
  },
];
