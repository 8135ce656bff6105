import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

let journeySequence = 0;

/**
 * Every journey comes from its own client address, as separate shoppers do: the e2e server trusts
 * X-Forwarded-For from loopback (TRUST_PROXY), so the per-address limits (30 SMS an hour…) count per journey
 * and not for the whole run.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const sequence = ++journeySequence;
    await use({
      'x-forwarded-for': `10.${testInfo.workerIndex % 250}.${Math.floor(sequence / 250)}.${(sequence % 250) + 1}`,
    });
  },
});
