import { describe, expect, it } from 'vitest';
import { isGuestPayPage } from './guest-pay.paths.ts';

describe('isGuestPayPage', () => {
  it('takes the pages of the flow, desktop and phone', () => {
    for (const pathname of [
      '/payJianke/entry',
      '/m/payJianke/entry',
      '/payJianke/inquiry',
      '/m/payJianke/messagePayment',
      '/m/payJianke/patientInfo/edit/3',
      '/timeout',
      '/m/timeout',
      '/m/timeout/',
    ]) {
      expect(isGuestPayPage(pathname), pathname).toBe(true);
    }
  });

  it('leaves the site its pages', () => {
    for (const pathname of [
      '/',
      '/user/login',
      '/user/order/detail/AX1',
      '/m/qr-confirm',
      '/timeouts',
      '/payJianke',
      '/x/payJianke/entry',
    ]) {
      expect(isGuestPayPage(pathname), pathname).toBe(false);
    }
  });
});
