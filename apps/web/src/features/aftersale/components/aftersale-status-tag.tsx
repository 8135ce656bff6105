import { AFTERSALE_STATUS_NAME, type AfterSaleStatus, isOpenAfterSale } from '@anxin/shared/aftersale/aftersale.rules';

/** A request's status on a tint of the palette: open orange, 退款成功 green, closed otherwise grey. */
export function AftersaleStatusTag({ status }: { status: AfterSaleStatus }) {
  const tone = isOpenAfterSale(status) ? 'open' : status === 'refunded' ? 'done' : 'closed';
  return (
    <span className={`aftersale-status aftersale-status--${tone}`} data-testid="aftersale-status">
      {AFTERSALE_STATUS_NAME[status]}
    </span>
  );
}
