import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

describe('session cache', () => {
  it('remembers nothing while no notification connection listens', () => {
    const cache = createSessionCache();
    cache.remember('s1', 7, cache.generation());
    expect(cache.memberOf('s1')).toBeUndefined();
    cache.setListening(true);
    cache.remember('s1', 7, cache.generation());
    expect(cache.memberOf('s1')).toBe(7);
  });

  it('forgets everything when the listening connection is lost', () => {
    const cache = createSessionCache();
    cache.setListening(true);
    cache.remember('s1', 7, cache.generation());
    cache.setListening(false);
    cache.setListening(true);
    expect(cache.memberOf('s1')).toBeUndefined();
  });

  it('does not take back a lookup that raced with a revocation', () => {
    const cache = createSessionCache();
    cache.setListening(true);
    const readAt = cache.generation();
    // The row was read as active, then the sign-in ended before the answer was remembered.
    cache.forget(['s1']);
    cache.remember('s1', 7, readAt);
    expect(cache.memberOf('s1')).toBeUndefined();
  });

  it('forgets the named sign-ins only', () => {
    const cache = createSessionCache();
    cache.setListening(true);
    cache.remember('s1', 7, cache.generation());
    cache.remember('s2', 8, cache.generation());
    cache.forget(['s1']);
    expect(cache.memberOf('s1')).toBeUndefined();
    expect(cache.memberOf('s2')).toBe(8);
  });
});
