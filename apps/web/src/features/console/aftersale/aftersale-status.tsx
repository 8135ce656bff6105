import { AFTERSALE_STATUS_NAME, type AfterSaleStatus, isOpenAfterSale } from '@anxin/shared/aftersale/aftersale.rules';

/** A request's status on a tint of the palette (antd's preset tags are below 4.5:1 in the console's theme). */
export function AftersaleStateTag({ status }: { status: AfterSaleStatus }) {
  const tone = isOpenAfterSale(status) ? 'open' : status === 'refunded' ? 'done' : 'closed';
  return (
    <span className={`console-aftersale-state console-aftersale-state--${tone}`}>{AFTERSALE_STATUS_NAME[status]}</span>
  );
}

/** The console's page of a request. */
export const aftersaleRequestPath = (code: string) => `/admin/aftersales/${encodeURIComponent(code)}`;

/** How long a request has waited: 5小时, 2天3小时. */
export function formatAge(hours: number): string {
  if (hours < 1) return '不到1小时';
  if (hours < 24) return `${hours}小时`;
  return hours % 24 === 0 ? `${Math.floor(hours / 24)}天` : `${Math.floor(hours / 24)}天${hours % 24}小时`;
}
