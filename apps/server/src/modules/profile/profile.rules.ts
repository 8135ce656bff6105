/** The shop's calendar: a birthday "after today" is judged on the date in China. */
const SHOP_TIME_ZONE = 'Asia/Shanghai';

export function shopDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
