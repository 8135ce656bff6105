import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithTimeout, ROUTE_LOAD_TIMEOUT_MS, RouteLoadError } from './lazy-with-timeout.ts';

describe('lazyWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses a 120-second timeout', () => {
    expect(ROUTE_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with what the loader gives', async () => {
    await expect(lazyWithTimeout(async () => 'page')()).resolves.toBe('page');
  });

  it('rejects with the load-failure error after the timeout', async () => {
    const pending = lazyWithTimeout(() => new Promise<never>(() => {}))();
    const assertion = expect(pending).rejects.toThrow('页面加载失败，请刷新重试');
    vi.advanceTimersByTime(ROUTE_LOAD_TIMEOUT_MS);
    await assertion;
  });

  it('does not reject before the timeout', async () => {
    let isSettled = false;
    lazyWithTimeout(() => new Promise<never>(() => {}))().catch(() => {
      isSettled = true;
    });
    vi.advanceTimersByTime(ROUTE_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(isSettled).toBe(false);
  });

  it('turns a failed download into the load-failure error', async () => {
    const failure = lazyWithTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )();
    await expect(failure).rejects.toBeInstanceOf(RouteLoadError);
  });
});
