// The way back from the cashier. The cashier returns to the pay page naming the order only
// (`/m/payJianke/messagePayment?ordersCode=…`, guestPayReturnPath): the key stays out of the payment and away from
// the gateway. The tab that went to the cashier keeps the key and phone here, and the pay page it comes back to
// reads them (the tab's sessionStorage: same tab, same site, gone with the tab).

const STORAGE_KEY = 'anxin.guestPayReturn';

type PayReturn = { ordersCode: string; key: string; consigneePhone: string };

/** Before leaving for the cashier: the link this order was paid from. */
export function rememberPayReturn(payReturn: PayReturn): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(payReturn));
  } catch {
    // Storage refused (a private mode): the page the cashier returns to asks for the SMS link instead.
  }
}

/** Back from the cashier: the link of this order, if this tab went to the cashier from it. */
export function recallPayReturn(ordersCode: string): PayReturn | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<PayReturn> | null;
    if (stored?.ordersCode !== ordersCode || !stored.key || !stored.consigneePhone) return null;
    return { ordersCode, key: stored.key, consigneePhone: stored.consigneePhone };
  } catch {
    return null;
  }
}
