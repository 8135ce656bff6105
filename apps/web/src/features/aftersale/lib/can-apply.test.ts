import { describe, expect, it } from 'vitest';
import { canApplyForAfterSale } from './can-apply.ts';

const NOW = new Date('2026-11-29T10:00:00Z');
const line = (refundableQuantity: number) => ({ lineId: 1, productCode: '1000101', refundableQuantity });
const order = (overrides: Partial<Parameters<typeof canApplyForAfterSale>[0]> = {}) => ({
  orderType: 'waitEvaluate' as const,
  receivedAt: '2026-11-25T10:00:00Z',
  paymentType: 99,
  afterSale: { hasOpenRequest: false, lines: [line(2)] },
  ...overrides,
});

describe('申请售后 on an order', () => {
  it('is offered on a received order within the days, on a paid or shipped one without an end yet', () => {
    expect(canApplyForAfterSale(order(), 7, NOW)).toBe(true);
    expect(canApplyForAfterSale(order({ orderType: 'waitDelivery', receivedAt: null }), 7, NOW)).toBe(true);
    expect(canApplyForAfterSale(order({ orderType: 'waitReceiving', receivedAt: null }), 7, NOW)).toBe(true);
  });

  it('is not offered after the window, before payment, for cash on delivery, or with nothing left', () => {
    expect(canApplyForAfterSale(order(), 3, NOW)).toBe(false);
    expect(canApplyForAfterSale(order({ orderType: 'waitPay', receivedAt: null }), 7, NOW)).toBe(false);
    expect(canApplyForAfterSale(order({ orderType: 'refundCompleteTransaction' }), 7, NOW)).toBe(false);
    expect(canApplyForAfterSale(order({ paymentType: 1 }), 7, NOW)).toBe(false);
    expect(canApplyForAfterSale(order({ afterSale: { hasOpenRequest: true, lines: [line(0)] } }), 7, NOW)).toBe(false);
    expect(canApplyForAfterSale(order({ afterSale: undefined }), 7, NOW)).toBe(false);
  });
});
