// Money is integer cents everywhere (ARCHITECTURE.md); only the page turns it into yuan.
// The conversion works on the digits as text, so no floating-point division can drift.

/** 1230 → '12.30', 5 → '0.05', -1230 → '-12.30'. Throws on a non-integer or unsafe number. */
export function formatYuan(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatYuan expects integer cents, got ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const sign = cents < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** 1230 → '¥12.30', -1230 → '-¥12.30'. */
export function formatYuanWithSign(cents: number): string {
  const text = formatYuan(cents);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}
