import { describe, expect, it } from 'vitest';
import { formatWaiting } from './console-format.ts';

describe('formatWaiting', () => {
  it.each([
    [0, '不到1分钟'],
    [1, '1分钟'],
    [59, '59分钟'],
    [60, '1小时'],
    [125, '2小时5分钟'],
    [1439, '23小时59分钟'],
    [1440, '1天'],
    [4470, '3天2小时'],
  ])('%i minutes read %s', (minutes, text) => {
    expect(formatWaiting(minutes)).toBe(text);
  });
});
