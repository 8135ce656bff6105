import { describe, expect, it } from 'vitest';
import { createInFlightBound } from './in-flight-bound.ts';

/** A call that stays under way until it is settled from outside. */
function heldCall() {
  let settle: (outcome: 'done' | 'failed') => void = () => undefined;
  const promise = new Promise<string>((resolve, reject) => {
    settle = (outcome) => (outcome === 'done' ? resolve('done') : reject(new Error('failed')));
  });
  return { call: () => promise, settle: (outcome: 'done' | 'failed') => settle(outcome) };
}

describe('createInFlightBound', () => {
  it('refuses a call past the bound at once, and takes one again when a call has ended, failed or not', async () => {
    const bounded = createInFlightBound(2, () => new Error('busy'));
    const first = heldCall();
    const second = heldCall();
    const firstResult = bounded(first.call);
    const secondResult = bounded(second.call);
    await expect(bounded(async () => 'third')).rejects.toThrow('busy');

    first.settle('done');
    await expect(firstResult).resolves.toBe('done');
    const third = heldCall();
    const thirdResult = bounded(third.call);
    await expect(bounded(async () => 'fourth')).rejects.toThrow('busy');

    second.settle('failed');
    await expect(secondResult).rejects.toThrow('failed');
    expect(await bounded(async () => 'after a failure')).toBe('after a failure');
    third.settle('done');
    await thirdResult;
  });
});
