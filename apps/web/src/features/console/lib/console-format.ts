/** How long something has waited, to the minute: 不到1分钟, 45分钟, 2小时5分钟, 3天2小时. */
export function formatWaiting(minutes: number): string {
  if (minutes < 1) return '不到1分钟';
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours}小时` : `${hours}小时${minutes % 60}分钟`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days}天` : `${days}天${hours % 24}小时`;
}

/** A wait the pharmacist should look at first: an hour or more. */
export const LONG_WAIT_MINUTES = 60;
