import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  canRebuy,
  DELETABLE_STATUSES,
  INVOICED_STATUSES,
  initialOrderType,
  isDeletableStatus,
  isFreeLine,
  isInvoicedStatus,
  linesForDisplay,
  ORDER_ACTION_LABEL,
  ORDER_EVENTS,
  ORDER_STATUS_CODE,
  ORDER_STATUS_NAME,
  ORDER_TYPES,
  type OrderAction,
  type OrderEvent,
  type OrderFacts,
  type OrderType,
  orderTypeOfStatus,
  PAYMENT_TYPE,
  payTargetFor,
  transition,
} from './order-status.ts';

const unpaidOnline = { isRxDrug: false, isPrescriptionComplete: false, isPaid: false, paymentType: 99 };
const paidOnline = { ...unpaidOnline, isPaid: true };

// Expected next type for an ordinary order, unpaid online (left) and paid online (right); '-' is illegal.
const EXPECTED: Record<OrderType, Record<OrderEvent, [string, string]>> = {
  waitAudit: {
    pay: ['-', '-'], // ordinary orders never sit in waitAudit; a prescription order is tested below
    cancel: ['canceled', '-'], // issue 12: the shopper may cancel an unpaid order waiting for the audit
    autoCancel: ['-', '-'],
    auditPass: ['waitPay', 'waitDelivery'],
    auditReject: ['canceled', 'refundOrder'],
    ship: ['-', '-'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['-', '-'],
    refund: ['-', 'refundOrder'],
    refundComplete: ['-', '-'],
  },
  waitPay: {
    pay: ['waitDelivery', '-'],
    cancel: ['canceled', '-'],
    autoCancel: ['canceled', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['-', '-'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['-', '-'],
    refund: ['-', '-'],
    refundComplete: ['-', '-'],
  },
  waitDelivery: {
    pay: ['-', '-'],
    cancel: ['-', '-'],
    autoCancel: ['-', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['waitReceiving', 'waitReceiving'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['-', '-'],
    refund: ['-', 'refundOrder'],
    refundComplete: ['-', '-'],
  },
  waitReceiving: {
    pay: ['-', '-'],
    cancel: ['-', '-'],
    autoCancel: ['-', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['-', '-'],
    deliver: ['waitReceiving', 'waitReceiving'],
    confirmReceipt: ['waitEvaluate', 'waitEvaluate'],
    evaluate: ['-', '-'],
    refund: ['-', 'refundOrder'],
    refundComplete: ['-', '-'],
  },
  waitEvaluate: {
    pay: ['-', '-'],
    cancel: ['-', '-'],
    autoCancel: ['-', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['-', '-'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['completeTransaction', 'completeTransaction'],
    refund: ['-', 'refundOrder'],
    refundComplete: ['-', '-'],
  },
  completeTransaction: {
    pay: ['-', '-'],
    cancel: ['-', '-'],
    autoCancel: ['-', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['-', '-'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['-', '-'],
    refund: ['-', 'refundOrder'],
    refundComplete: ['-', '-'],
  },
  refundCompleteTransaction: {
    pay: ['-', '-'],
    cancel: ['-', '-'],
    autoCancel: ['-', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['-', '-'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['-', '-'],
    refund: ['-', '-'],
    refundComplete: ['-', '-'],
  },
  canceled: {
    pay: ['-', '-'],
    cancel: ['-', '-'],
    autoCancel: ['-', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['-', '-'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['-', '-'],
    refund: ['-', '-'],
    refundComplete: ['-', '-'],
  },
  refundOrder: {
    pay: ['-', '-'],
    cancel: ['-', '-'],
    autoCancel: ['-', '-'],
    auditPass: ['-', '-'],
    auditReject: ['-', '-'],
    ship: ['-', '-'],
    deliver: ['-', '-'],
    confirmReceipt: ['-', '-'],
    evaluate: ['-', '-'],
    // A paid online order's refund sent to the payment channel again (the gateway refused it before).
    refund: ['-', 'refundOrder'],
    refundComplete: ['refundCompleteTransaction', 'refundCompleteTransaction'],
  },
};

describe('statuses', () => {
  it('gives every type a distinct numeric status and its Chinese name', () => {
    const codes = ORDER_TYPES.map((type) => ORDER_STATUS_CODE[type]);
    expect(new Set(codes).size).toBe(ORDER_TYPES.length);
    expect(Object.values(ORDER_STATUS_NAME)).toEqual([
      '待审核',
      '待付款',
      '待发货',
      '待收货',
      '待评价',
      '交易完成',
      '退款完成',
      '已取消',
      '退款中',
    ]);
    for (const type of ORDER_TYPES) expect(orderTypeOfStatus(ORDER_STATUS_CODE[type])).toBe(type);
    expect(orderTypeOfStatus(999)).toBeUndefined();
  });

  it('keeps the spec codes: 50, 70, 150, 200 deletable; 70 and 150 invoiced', () => {
    expect([...DELETABLE_STATUSES].sort((a, b) => a - b)).toEqual([50, 70, 150, 200]);
    expect([...INVOICED_STATUSES].sort((a, b) => a - b)).toEqual([70, 150]);
    // Every deletable or invoiced code belongs to a type, and only closed orders are deletable.
    for (const code of DELETABLE_STATUSES) expect(orderTypeOfStatus(code)).toBeDefined();
    const deletable = ORDER_TYPES.filter((type) => isDeletableStatus(ORDER_STATUS_CODE[type]));
    expect(deletable.sort()).toEqual(['canceled', 'completeTransaction', 'refundCompleteTransaction', 'waitEvaluate']);
    const invoiced = ORDER_TYPES.filter((type) => isInvoicedStatus(ORDER_STATUS_CODE[type]));
    expect(invoiced.sort()).toEqual(['completeTransaction', 'waitEvaluate']);
  });

  it('sends a refund to the payment channel again only for an order paid online', () => {
    expect(transition('refundOrder', 'refund', paidOnline)).toBe('refundOrder');
    expect(transition('refundOrder', 'refund', { ...paidOnline, paymentType: PAYMENT_TYPE.cashOnDelivery })).toBeNull();
  });

  it('records the delivery once and leaves the confirmation of receipt to the shopper', () => {
    expect(transition('waitReceiving', 'deliver', { ...paidOnline, isDelivered: false })).toBe('waitReceiving');
    expect(transition('waitReceiving', 'deliver', { ...paidOnline, isDelivered: true })).toBeNull();
    expect(transition('waitReceiving', 'confirmReceipt', { ...paidOnline, isDelivered: true })).toBe('waitEvaluate');
  });

  it('starts prescription orders in waitAudit, cash on delivery in waitDelivery, online in waitPay', () => {
    expect(initialOrderType({ isRxDrug: true, paymentType: 99 })).toBe('waitAudit');
    expect(initialOrderType({ isRxDrug: true, paymentType: 1 })).toBe('waitAudit');
    expect(initialOrderType({ isRxDrug: false, paymentType: 1 })).toBe('waitDelivery');
    expect(initialOrderType({ isRxDrug: false, paymentType: 99 })).toBe('waitPay');
  });
});

describe('transition, every type × every event', () => {
  for (const type of ORDER_TYPES) {
    for (const event of ORDER_EVENTS) {
      const [unpaid, paid] = EXPECTED[type][event];
      it(`${type} + ${event}: unpaid → ${unpaid}, paid → ${paid}`, () => {
        expect(transition(type, event, unpaidOnline) ?? '-').toBe(unpaid);
        expect(transition(type, event, paidOnline) ?? '-').toBe(paid);
      });
    }
  }

  it('lets a prescription order be paid while waiting for audit only once its inquiry is complete', () => {
    const rx = { ...unpaidOnline, isRxDrug: true };
    expect(transition('waitAudit', 'pay', rx)).toBeNull();
    expect(transition('waitAudit', 'pay', { ...rx, isPrescriptionComplete: true })).toBe('waitAudit');
    expect(transition('waitAudit', 'pay', { ...rx, isPrescriptionComplete: true, isPaid: true })).toBeNull();
    expect(transition('waitPay', 'pay', rx)).toBeNull();
    expect(transition('waitPay', 'pay', { ...rx, isPrescriptionComplete: true })).toBe('waitDelivery');
  });

  it('never takes a payment for, nor auto-cancels, a cash-on-delivery order', () => {
    const cod = { ...unpaidOnline, paymentType: PAYMENT_TYPE.cashOnDelivery };
    expect(transition('waitPay', 'pay', cod)).toBeNull();
    expect(transition('waitPay', 'autoCancel', cod)).toBeNull();
    expect(transition('waitAudit', 'auditPass', { ...cod, isRxDrug: true })).toBe('waitDelivery');
  });

  it('treats missing facts as an unpaid ordinary online order', () => {
    expect(transition('waitPay', 'pay')).toBe('waitDelivery');
    expect(transition('waitDelivery', 'refund')).toBeNull();
  });
});

describe('actionsFor, every type', () => {
  const order = (orderType: OrderType, facts: Partial<OrderFacts> = {}): OrderFacts => ({
    orderType,
    ...unpaidOnline,
    isPaid: !['waitAudit', 'waitPay', 'canceled'].includes(orderType),
    ...facts,
  });
  const ordinary: Record<OrderType, OrderAction[]> = {
    waitAudit: ['cancel'],
    waitPay: ['pay', 'cancel'],
    waitDelivery: ['contact'],
    waitReceiving: ['confirmReceipt'],
    waitEvaluate: ['evaluate', 'rebuy', 'delete'],
    completeTransaction: ['rebuy', 'delete'],
    refundCompleteTransaction: ['delete'],
    canceled: ['rebuy', 'delete'],
    refundOrder: [],
  };
  const prescription: Record<OrderType, OrderAction[]> = {
    waitAudit: ['pay', 'cancel'],
    waitPay: ['pay', 'cancel'],
    waitDelivery: ['contact'],
    waitReceiving: ['confirmReceipt'],
    waitEvaluate: ['evaluate', 'resubmit', 'delete'],
    completeTransaction: ['resubmit', 'delete'],
    refundCompleteTransaction: ['delete'],
    canceled: ['resubmit', 'delete'],
    refundOrder: [],
  };
  for (const type of ORDER_TYPES) {
    it(`${type}: ordinary ${ordinary[type].join(',') || 'none'}; prescription ${prescription[type].join(',') || 'none'}`, () => {
      expect(actionsFor(order(type))).toEqual(ordinary[type]);
      expect(actionsFor(order(type, { isRxDrug: true }))).toEqual(prescription[type]);
    });
  }

  it('offers rebuy or resubmit exactly where canRebuy allows it (the server asks the same rule)', () => {
    for (const type of ORDER_TYPES) {
      for (const isRxDrug of [false, true]) {
        const actions = actionsFor(order(type, { isRxDrug }));
        expect(actions.includes('rebuy') || actions.includes('resubmit')).toBe(canRebuy(type));
      }
    }
  });

  it('hides pay once a prescription order waiting for audit is paid, and for cash on delivery', () => {
    expect(actionsFor(order('waitAudit', { isRxDrug: true, isPaid: true }))).toEqual([]);
    expect(actionsFor(order('waitAudit', { isRxDrug: true, paymentType: 1 }))).toEqual(['cancel']);
  });

  it('decides delete by the numeric status', () => {
    expect(actionsFor({ ...order('refundOrder'), orderStatus: 200 })).toContain('delete');
    expect(actionsFor({ ...order('canceled'), orderStatus: 20 })).not.toContain('delete');
  });

  it('labels every action in Chinese', () => {
    expect(ORDER_ACTION_LABEL).toEqual({
      pay: '立即付款',
      cancel: '取消订单',
      delete: '删除订单',
      contact: '联系医生/客服',
      confirmReceipt: '确认收货',
      evaluate: '评价',
      rebuy: '再次购买',
      resubmit: '再次提交需求',
    });
  });

  it('sends an incomplete prescription to the inquiry page, anything else to payment', () => {
    expect(payTargetFor({ isRxDrug: true, isPrescriptionComplete: false })).toBe('inquiry');
    expect(payTargetFor({ isRxDrug: true, isPrescriptionComplete: true })).toBe('pay');
    expect(payTargetFor({ isRxDrug: false, isPrescriptionComplete: false })).toBe('pay');
  });
});

describe('linesForDisplay', () => {
  it('hides mark 7 and puts mark 3 first, keeping the rest in order', () => {
    const lines = [
      { id: 'a', mark: 1 },
      { id: 'b', mark: 7 },
      { id: 'c', mark: 3 },
      { id: 'd', mark: 8 },
      { id: 'e', mark: 3 },
      { id: 'f', mark: null },
    ];
    expect(linesForDisplay(lines).map((line) => line.id)).toEqual(['c', 'e', 'a', 'd', 'f']);
  });
});

describe('isFreeLine', () => {
  it('marks gifts, prizes and lines at price 0 as free, and a paid line of any other mark as bought', () => {
    expect(isFreeLine({ mark: 3, actualPrice: 0 })).toBe(true);
    expect(isFreeLine({ mark: 3, actualPrice: 100 })).toBe(true);
    expect(isFreeLine({ mark: 13, actualPrice: 100 })).toBe(true);
    expect(isFreeLine({ mark: 15, actualPrice: 100 })).toBe(true);
    expect(isFreeLine({ mark: 1, actualPrice: 0 })).toBe(true);
    for (const mark of [1, 2, 6, 8, 18, 24, 25, null]) expect(isFreeLine({ mark, actualPrice: 1250 })).toBe(false);
  });
});
