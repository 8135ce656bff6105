import { describe, expect, it } from 'vitest';
import { guestOrderQuery } from './guest-order-query.ts';

describe('guestOrderQuery', () => {
  it('asks for the last 7 calendar days of the browser, today included', () => {
    expect(guestOrderQuery('key-1', '13700001234', new Date(2026, 10, 27, 9, 30))).toEqual({
      token: 'key-1',
      consigneePhone: '13700001234',
      bgnDate: '2026-11-21',
      endDate: '2026-11-27',
    });
  });

  it('counts back across a month and a year, in the local day even just before midnight', () => {
    expect(guestOrderQuery('k', '1', new Date(2026, 0, 3, 23, 59))).toMatchObject({
      bgnDate: '2025-12-28',
      endDate: '2026-01-03',
    });
  });
});
