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

/**
 * A price as a screen reader should say it (WCAG, issue 32): 1250 → '12 元 5 角', 1205 → '12 元 零 5 分',
 * 5 → '5 分', 0 → '0 元', -1250 → '负 12 元 5 角'; a zero jiao or fen at the end is not said.
 */
export function spokenYuan(cents: number): string {
  const [yuanText = '0', fenText = '00'] = formatYuan(Math.abs(cents)).split('.');
  const yuan = Number(yuanText);
  const jiao = Number(fenText[0]);
  const fen = Number(fenText[1]);
  const words = [
    yuan > 0 || (jiao === 0 && fen === 0) ? `${yuan} 元` : '',
    jiao > 0 ? `${jiao} 角` : yuan > 0 && fen > 0 ? '零' : '',
    fen > 0 ? `${fen} 分` : '',
  ];
  return `${cents < 0 ? '负 ' : ''}${words.filter(Boolean).join(' ')}`;
}
