import { MSG } from '@anxin/shared/common/messages';
import { describe, expect, it } from 'vitest';
import { lazyZodRule } from './lazy-zod-rule.ts';

const check = (rule: ReturnType<typeof lazyZodRule>, value: unknown) =>
  (rule.validator as (rule: unknown, value: unknown) => Promise<void>)({}, value);

describe('a rule whose schema is fetched on first check', () => {
  it('fetches the schema when a value is first checked, not before', async () => {
    let loads = 0;
    const rule = lazyZodRule(async () => {
      loads += 1;
      return (await import('@anxin/shared/common/phone')).phoneSchema;
    });
    expect(loads).toBe(0);
    await expect(check(rule, '13800138000')).resolves.toBeUndefined();
    expect(loads).toBe(1);
  });

  it("rejects with the schema's first message", async () => {
    const rule = lazyZodRule(async () => (await import('@anxin/shared/common/phone')).phoneSchema);
    await expect(check(rule, '')).rejects.toThrow(MSG.phoneEmpty);
    await expect(check(rule, '1380013800')).rejects.toThrow(MSG.phoneMalformed);
  });

  it("says 网络不佳，请稍后重试 when the schema cannot be fetched, never the browser's words", async () => {
    const rule = lazyZodRule(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(check(rule, '13800138000')).rejects.toThrow(MSG.networkPoor);
  });
});
