import type { AfterSaleSummary } from '@anxin/shared/aftersale/aftersale.contract';
import { Link } from 'react-router';
import { YuanText } from '../../../components/price.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { afterSaleDetailPath } from '../lib/can-apply.ts';
import { AftersaleStatusTag } from './aftersale-status-tag.tsx';
import '../aftersale.css';

/** One request of the list: its code and order, type, goods, amount and status; the whole card opens it. */
export function AftersaleCard({ request }: { request: AfterSaleSummary }) {
  const goods = request.lines.map((line) => `${line.productName} ×${line.quantity}`).join('，');
  return (
    <Link to={afterSaleDetailPath(request.code)} className="aftersale-card" data-testid="aftersale-card">
      <span className="aftersale-card__head">
        <span className="aftersale-card__type">{request.typeName}</span>
        <span className="aftersale-card__code">售后单号：{request.code}</span>
        <AftersaleStatusTag status={request.status} />
      </span>
      <span className="aftersale-card__goods">{goods}</span>
      <span className="aftersale-card__meta">
        <span>订单号：{request.ordersCode}</span>
        <span>原因：{request.reasonName}</span>
        <span>申请时间：{formatDateTime(request.createdAt, 'YYYY-MM-DD HH:mm')}</span>
      </span>
      <span className="aftersale-card__amount">
        退款 <YuanText cents={request.refundAmount} />
        {request.refundCoins > 0 ? `，健康币 ${request.refundCoins} 个` : ''}
      </span>
    </Link>
  );
}
