import { formatYuan } from '@anxin/shared/common/money';
import dayjs from 'dayjs';

/** '2026-11-22 14:05:09', or '' for no time. */
export function formatDateTime(iso: string | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format(pattern) : '';
}

/** Cents as '¥12.30' (cents / 100 with 2 decimals). */
export const yuan = (cents: number) => `¥${formatYuan(cents)}`;
