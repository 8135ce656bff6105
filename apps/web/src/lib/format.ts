import { formatYuan } from '@anxin/shared/common/money';
import dayjs from 'dayjs';

/** Cents as '¥12.30' (cents / 100 with 2 decimals). */
export const yuan = (cents: number) => `¥${formatYuan(cents)}`;

/** Cents as yuan without a trailing .00: 1000 → '10', 1250 → '12.50'. */
export const yuanText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : formatYuan(cents));

/** '2026-11-25' (the shopper's local day), '' for no date. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const day = dayjs(iso);
  return day.isValid() ? day.format('YYYY-MM-DD') : '';
}

/** '2026-11-22 14:05:09', or '' for no time. */
export function formatDateTime(iso: string | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format(pattern) : '';
}

/** A page number from the address bar: a positive integer, else 1. */
export function pageFromParam(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}
