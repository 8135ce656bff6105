import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPayCountdown } from './pay-countdown.ts';

describe('startPayCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-01T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks once a second and stops at zero', () => {
    const ticks: number[] = [];
    startPayCountdown({ secondsLeft: 3, onTick: (left) => ticks.push(left) });

    vi.advanceTimersByTime(999);
    expect(ticks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([2]);
    vi.advanceTimersByTime(2000);
    expect(ticks).toEqual([2, 1, 0]);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toEqual([2, 1, 0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when told to (the order is no longer waiting for pay)', () => {
    const ticks: number[] = [];
    const stop = startPayCountdown({ secondsLeft: 60, onTick: (left) => ticks.push(left) });
    vi.advanceTimersByTime(2000);
    stop();
    vi.advanceTimersByTime(5000);
    expect(ticks).toEqual([59, 58]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('catches up with the clock after the tab slept instead of counting missed ticks', () => {
    const ticks: number[] = [];
    startPayCountdown({ secondsLeft: 100, onTick: (left) => ticks.push(left) });
    // A background tab: the clock moves 30 s while no timer runs.
    vi.setSystemTime(Date.now() + 30_000);
    vi.advanceTimersByTime(1000);
    expect(ticks.at(-1)).toBe(69);
  });

  it('does not start for nothing left', () => {
    const onTick = vi.fn();
    startPayCountdown({ secondsLeft: 0, onTick });
    vi.advanceTimersByTime(5000);
    expect(onTick).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
