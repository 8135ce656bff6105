// A countdown's text: zod-free, so the pages that show one (the guest pay page, the inquiry link) do not load
// a contract's schemas for it.

/** 'hh:mm:ss' of a number of seconds (negative counts as 0; hours may exceed 24: 71:59:59). */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
