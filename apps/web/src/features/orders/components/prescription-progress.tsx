import { FileTextOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { Skeleton, Steps } from 'antd';
import { Link } from 'react-router';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { inquiryUrlFor } from '../../payments/index.ts';
import type { Order } from '../api/get-orders.ts';
import { usePrescriptionLookup } from '../api/get-prescription-lookup.ts';
import { prescriptionSteps } from './prescription-steps.ts';

/** A prescription order's review: 提交问诊 → 药师审核中 → 审核通过 / 未通过, and the prescription once passed. */
export function PrescriptionProgress({ order }: { order: Pick<Order, 'ordersCode' | 'orderType' | 'paySource'> }) {
  const lookup = usePrescriptionLookup(order.ordersCode, true);
  const review = lookup.data ?? null;
  let body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (lookup.isError)
    body = <p className="order-prescription__error">{getFailureMessage(lookup.error, MSG.prescriptionLookupFailed)}</p>;
  else if (lookup.isSuccess) {
    const { current, items } = prescriptionSteps(review);
    body = <Steps size="small" current={current} items={items} className="order-prescription__steps" />;
  }
  const canInquire = lookup.isSuccess && !review && order.orderType === 'waitAudit';
  return (
    <section className="card order-prescription" data-testid="prescription-progress">
      <header className="card__header">
        <h3 className="card__title">处方审核</h3>
        {review?.status === 'passed' ? (
          <Link
            to={`/user/order/prescription/${encodeURIComponent(order.ordersCode)}`}
            className="order-prescription__link"
          >
            <FileTextOutlined /> 查看处方
          </Link>
        ) : canInquire ? (
          <Link to={inquiryUrlFor(order.ordersCode, order.paySource || 'PC')} className="order-prescription__link">
            去问诊
          </Link>
        ) : null}
      </header>
      {body}
    </section>
  );
}
