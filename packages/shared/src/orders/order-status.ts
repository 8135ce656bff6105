// Order types, numeric statuses, names, the member's actions and the order state machine.
// Pure data and functions: the server applies `transition` inside a locked transaction, the pages call
// `actionsFor` to decide which buttons an order shows. One rule, one place.

/** The nine order types, in the order a shopper meets them. */
export const ORDER_TYPES = [
  'waitAudit',
  'waitPay',
  'waitDelivery',
  'waitReceiving',
  'waitEvaluate',
  'completeTransaction',
  'refundCompleteTransaction',
  'canceled',
  'refundOrder',
] as const;

export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * Numeric orderStatus per type. Spec fixes only that 50, 70, 150 and 200 allow deleting and that 70 and
 * 150 mean invoiced; the rest is our choice: the closed states are the deletable ones (canceled 50, waitEvaluate
 * 70, completeTransaction 150, refundCompleteTransaction 200) and the two invoiced ones are the received orders.
 */
export const ORDER_STATUS_CODE = {
  waitAudit: 10,
  waitPay: 20,
  waitDelivery: 30,
  waitReceiving: 40,
  canceled: 50,
  refundOrder: 60,
  waitEvaluate: 70,
  completeTransaction: 150,
  refundCompleteTransaction: 200,
} as const satisfies Record<OrderType, number>;

/** The status names of the UI texts (Orders). */
export const ORDER_STATUS_NAME = {
  waitAudit: '待审核',
  waitPay: '待付款',
  waitDelivery: '待发货',
  waitReceiving: '待收货',
  waitEvaluate: '待评价',
  completeTransaction: '交易完成',
  refundCompleteTransaction: '退款完成',
  canceled: '已取消',
  refundOrder: '退款中',
} as const satisfies Record<OrderType, string>;

/** These statuses allow deleting the order. */
export const DELETABLE_STATUSES: readonly number[] = [50, 70, 150, 200];
/** These statuses mean the order is invoiced. */
export const INVOICED_STATUSES: readonly number[] = [70, 150];

export const isDeletableStatus = (status: number) => DELETABLE_STATUSES.includes(status);
export const isInvoicedStatus = (status: number) => INVOICED_STATUSES.includes(status);

export function isOrderType(value: string): value is OrderType {
  return (ORDER_TYPES as readonly string[]).includes(value);
}

export function orderTypeOfStatus(status: number): OrderType | undefined {
  return ORDER_TYPES.find((type) => ORDER_STATUS_CODE[type] === status);
}

/** Payment methods. Pay-now always sends 99. */
export const PAYMENT_TYPE = { cashOnDelivery: 1, alipay: 4, wechatPay: 27, online: 99 } as const;
export const PAYMENT_TYPE_NAME: Record<number, string> = {
  1: '货到付款',
  4: '支付宝',
  27: '微信支付',
  99: '在线支付',
};

/** The tabs of MyOrder and the member home badges: `all` plus four types. */
export const ORDER_LIST_TYPES = ['all', 'waitPay', 'waitDelivery', 'waitReceiving', 'waitEvaluate'] as const;
export type OrderListType = (typeof ORDER_LIST_TYPES)[number];
export const ORDER_LIST_TYPE_LABEL = {
  all: '全部订单',
  waitPay: '待付款',
  waitDelivery: '待发货',
  waitReceiving: '待收货',
  waitEvaluate: '待评价',
} as const satisfies Record<OrderListType, string>;

// ---------------------------------------------------------------------------------------------------------
// The facts of an order that decide its moves and its buttons.

export type OrderFacts = {
  orderType: OrderType;
  /** The order contains prescription products (prescription type 4 or 5). */
  isRxDrug: boolean;
  /** The prescription inquiry information is complete (only meaningful when isRxDrug). */
  isPrescriptionComplete: boolean;
  /** Money has been received (online payment done, or cash on delivery collected). */
  isPaid: boolean;
  /** 99 online payment, 1 cash on delivery. */
  paymentType: number;
  /** The carrier has handed the parcel over (签收, the operator's deliver); the shopper still confirms receipt. */
  isDelivered?: boolean;
};

export const isOnlinePayment = (facts: Pick<OrderFacts, 'paymentType'>) =>
  facts.paymentType !== PAYMENT_TYPE.cashOnDelivery;

/**
 * Where a new order starts: prescription orders wait for the pharmacist's audit; cash-on-delivery orders go
 * straight to delivery; online orders wait for payment.
 */
export function initialOrderType(facts: Pick<OrderFacts, 'isRxDrug' | 'paymentType'>): OrderType {
  if (facts.isRxDrug) return 'waitAudit';
  return isOnlinePayment(facts) ? 'waitPay' : 'waitDelivery';
}

// ---------------------------------------------------------------------------------------------------------
// State machine.

export const ORDER_EVENTS = [
  'pay',
  'cancel',
  'autoCancel',
  'auditPass',
  'auditReject',
  'ship',
  'deliver',
  'confirmReceipt',
  'evaluate',
  'refund',
  'refundComplete',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * What the rest of the server hears of an order's life (the orders module's events, which the assets, the
 * invoices and later domains subscribe to): placed, paid, cancelled (by the member, the timeout or a rejected
 * review), received (the member confirmed receipt), reviewed, refundRequested (the order went to 退款中, or a
 * refund paid online is asked for again: the payments module gives the money back), refunded (the refund
 * completed), split, partRefunded (part of the order's money went back, an after-sale refund: no change of state).
 */
export const ORDER_MOVES = [
  'placed',
  'paid',
  'cancelled',
  'received',
  'reviewed',
  'refundRequested',
  'refunded',
  'split',
  'partRefunded',
] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

type Facts = Omit<OrderFacts, 'orderType'>;
const REFUNDABLE: readonly OrderType[] = [
  'waitAudit',
  'waitDelivery',
  'waitReceiving',
  'waitEvaluate',
  'completeTransaction',
];

/**
 * The next order type for `event`, or null when the order's state does not allow it (the server answers 409).
 * - pay: waitPay → waitDelivery. A prescription order may also be paid while waiting for the audit once its
 *   inquiry is complete (post-audit): it stays in waitAudit, now paid. An incomplete prescription never pays.
 * - cancel (member): waitPay or waitAudit (issue 12: a prescription order waiting for the pharmacist), unpaid →
 *   canceled. autoCancel (unpaid online order past its deadline): waitPay → canceled.
 * - auditPass: waitAudit → waitDelivery when paid or cash on delivery, else waitPay.
 * - auditReject: waitAudit → canceled, or refundOrder when already paid.
 * - ship: waitDelivery → waitReceiving. deliver (operator, the carrier handed it over): stays in waitReceiving,
 *   once. confirmReceipt (member): waitReceiving → waitEvaluate.
 * - evaluate: waitEvaluate → completeTransaction.
 * - refund: a paid order that is not closed → refundOrder; again in refundOrder when it was paid online (its refund
 *   sent to the payment channel again, after the gateway refused it); refundComplete: refundOrder →
 *   refundCompleteTransaction.
 */
export function transition(type: OrderType, event: OrderEvent, facts: Partial<Facts> = {}): OrderType | null {
  const f: Facts = {
    isRxDrug: facts.isRxDrug ?? false,
    isPrescriptionComplete: facts.isPrescriptionComplete ?? false,
    isPaid: facts.isPaid ?? false,
    paymentType: facts.paymentType ?? PAYMENT_TYPE.online,
    isDelivered: facts.isDelivered ?? false,
  };
  const prescriptionReady = !f.isRxDrug || f.isPrescriptionComplete;
  switch (event) {
    case 'pay':
      if (f.isPaid || !isOnlinePayment(f) || !prescriptionReady) return null;
      if (type === 'waitPay') return 'waitDelivery';
      if (type === 'waitAudit' && f.isRxDrug) return 'waitAudit';
      return null;
    case 'cancel':
      return (type === 'waitPay' || type === 'waitAudit') && !f.isPaid ? 'canceled' : null;
    case 'autoCancel':
      return type === 'waitPay' && !f.isPaid && isOnlinePayment(f) ? 'canceled' : null;
    case 'auditPass':
      if (type !== 'waitAudit') return null;
      return f.isPaid || !isOnlinePayment(f) ? 'waitDelivery' : 'waitPay';
    case 'auditReject':
      if (type !== 'waitAudit') return null;
      return f.isPaid ? 'refundOrder' : 'canceled';
    case 'ship':
      return type === 'waitDelivery' ? 'waitReceiving' : null;
    case 'deliver':
      return type === 'waitReceiving' && !f.isDelivered ? 'waitReceiving' : null;
    case 'confirmReceipt':
      return type === 'waitReceiving' ? 'waitEvaluate' : null;
    case 'evaluate':
      return type === 'waitEvaluate' ? 'completeTransaction' : null;
    case 'refund':
      if (type === 'refundOrder') return f.isPaid && isOnlinePayment(f) ? 'refundOrder' : null;
      return f.isPaid && REFUNDABLE.includes(type) ? 'refundOrder' : null;
    case 'refundComplete':
      return type === 'refundOrder' ? 'refundCompleteTransaction' : null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The member's actions.

export const ORDER_ACTIONS = [
  'pay',
  'cancel',
  'delete',
  'contact',
  'confirmReceipt',
  'evaluate',
  'rebuy',
  'resubmit',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The order actions of the UI texts (Orders). */
export const ORDER_ACTION_LABEL = {
  pay: '立即付款',
  cancel: '取消订单',
  delete: '删除订单',
  contact: '联系医生/客服',
  confirmReceipt: '确认收货',
  evaluate: '评价',
  rebuy: '再次购买',
  resubmit: '再次提交需求',
} as const satisfies Record<OrderAction, string>;

/**
 * The types whose orders show 再次购买 (ordinary) or 再次提交需求 (prescription). The page's buttons and the
 * server's rebuy both ask `canRebuy`, so the server refuses (409) wherever the page offers no rebuy.
 */
export const REBUYABLE_TYPES: readonly OrderType[] = ['waitEvaluate', 'completeTransaction', 'canceled'];
export const canRebuy = (orderType: OrderType) => REBUYABLE_TYPES.includes(orderType);

/**
 * The buttons an order shows, in display order:
 * - waitPay, or waitAudit with a prescription drug not yet paid: pay now; both also cancel while unpaid.
 * - waitDelivery: contact doctor or customer service. waitReceiving: confirm receipt. waitEvaluate: review.
 * - completed, waitEvaluate or canceled: rebuy (ordinary) or submit demand again (prescription).
 * - statuses 50, 70, 150 and 200: delete.
 */
export function actionsFor(order: OrderFacts & { orderStatus?: number }): OrderAction[] {
  const type = order.orderType;
  const actions: OrderAction[] = [];
  const canPayNow = isOnlinePayment(order) && !order.isPaid;
  if (canPayNow && (type === 'waitPay' || (type === 'waitAudit' && order.isRxDrug))) actions.push('pay');
  if ((type === 'waitPay' || type === 'waitAudit') && !order.isPaid) actions.push('cancel');
  if (type === 'waitDelivery') actions.push('contact');
  if (type === 'waitReceiving') actions.push('confirmReceipt');
  if (type === 'waitEvaluate') actions.push('evaluate');
  if (canRebuy(type)) actions.push(order.isRxDrug ? 'resubmit' : 'rebuy');
  if (isDeletableStatus(order.orderStatus ?? ORDER_STATUS_CODE[type])) actions.push('delete');
  return actions;
}

/** Pay now: an incomplete prescription order goes to the inquiry page; otherwise a payment with type 99. */
export function payTargetFor(order: Pick<OrderFacts, 'isRxDrug' | 'isPrescriptionComplete'>): 'inquiry' | 'pay' {
  return order.isRxDrug && !order.isPrescriptionComplete ? 'inquiry' : 'pay';
}

// ---------------------------------------------------------------------------------------------------------
// Order lines ("Order product"): mark 7 is hidden, mark 3 is sorted first.

export const HIDDEN_LINE_MARK = 7;
export const FIRST_LINE_MARK = 3;

export function linesForDisplay<T extends { mark: number | null }>(lines: readonly T[]): T[] {
  const shown = lines.filter((line) => line.mark !== HIDDEN_LINE_MARK);
  return [
    ...shown.filter((line) => line.mark === FIRST_LINE_MARK),
    ...shown.filter((line) => line.mark !== FIRST_LINE_MARK),
  ];
}

/** Mark 3 with a combinationId is a gift; 3, 13 or 15 without one a prize. */
export const FREE_LINE_MARKS: readonly number[] = [3, 13, 15];

/**
 * A line the member did not pay for: a gift, a prize, or anything at price 0. Rebuy leaves it out: the cart
 * knows no gifts (it prices every line from the catalogue), so it would come back at the full price.
 */
export const isFreeLine = (line: { mark: number | null; actualPrice: number }) =>
  line.actualPrice === 0 || (line.mark !== null && FREE_LINE_MARKS.includes(line.mark));

/** Prescription types 4 and 5 are prescription drugs; 2 and 3 are not. */
export const isPrescriptionType = (prescriptionType: number | null | undefined) =>
  prescriptionType === 4 || prescriptionType === 5;
