import { describe, expect, it } from 'vitest';
import { DEFAULT_MALL_CONFIG, readMallConfigReply } from './mall-config.rules.ts';

describe('readMallConfigReply', () => {
  it('keeps every key of a full reply', () => {
    const reply = { ...DEFAULT_MALL_CONFIG, slogan: '药到病除', isOrderShowRx: false, globalMaximumAmount: 60 };
    expect(readMallConfigReply(reply)).toEqual(reply);
  });

  it('gives a key the reply lacks its default (one group asked, an older server)', () => {
    expect(readMallConfigReply({ slogan: '药到病除' })).toEqual({ ...DEFAULT_MALL_CONFIG, slogan: '药到病除' });
  });

  it('gives a key of another shape its default, and drops keys it does not know', () => {
    const config = readMallConfigReply({ isOrderShowRx: 'false', globalMaximumAmount: '60', slogan: null, extra: 1 });
    expect(config).toEqual(DEFAULT_MALL_CONFIG);
    expect(config).not.toHaveProperty('extra');
  });

  it('answers the defaults for a reply that is not an object', () => {
    expect(readMallConfigReply(null)).toEqual(DEFAULT_MALL_CONFIG);
    expect(readMallConfigReply('oops')).toEqual(DEFAULT_MALL_CONFIG);
  });
});
