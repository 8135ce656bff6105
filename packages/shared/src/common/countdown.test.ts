import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it('writes hours, minutes and seconds, hours past 24, whole seconds, and nothing below zero', () => {
    expect(formatCountdown(86_393)).toBe('23:59:53');
    expect(formatCountdown(71 * 3600 + 59 * 60 + 59)).toBe('71:59:59');
    expect(formatCountdown(61.9)).toBe('00:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
