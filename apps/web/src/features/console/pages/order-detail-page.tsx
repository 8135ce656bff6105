import { ArrowLeftOutlined } from '@ant-design/icons';
import { prescriptionMark } from '@anxin/shared/catalogue/catalogue';
import { PAYMENT_TYPE_NAME } from '@anxin/shared/orders/order-status';
import type { ConsoleOrderDetail } from '@anxin/shared/staff/console.contract';
import { OPS_ACTOR } from '@anxin/shared/staff/console.contract';
import { Alert, Descriptions, Skeleton, Tag, Timeline } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, yuan } from '../../../lib/format.ts';
import { useConsoleOrder } from '../api/order-detail.ts';
import { OrderActs } from '../components/order-acts.tsx';
import { OrderStatusTag } from '../components/order-status-tag.tsx';
import { CardLine, RowsView } from '../components/rows-view.tsx';
import { orderPath } from '../lib/console-paths.ts';
import '../console-orders.css';

type Line = ConsoleOrderDetail['lines'][number];

const LINE_COLUMNS: ColumnsType<Line> = [
  {
    title: '商品',
    dataIndex: 'productName',
    render: (name: string, line) => (
      <span>
        {name} {prescriptionMark(line.prescriptionType) === 'Rx' ? <Tag color="error">Rx</Tag> : null}
      </span>
    ),
  },
  { title: '编码', dataIndex: 'productCode' },
  { title: '规格', dataIndex: 'packing', render: (packing: string | null) => packing ?? '' },
  { title: '单价', dataIndex: 'actualPrice', align: 'right', render: (price: number) => yuan(price) },
  { title: '数量', dataIndex: 'amount', align: 'right' },
  { title: '售后', key: 'afterSale', render: (_, line) => afterSaleText(line) },
];

/** What after-sales did to a line's pieces: 已退 2 件，售后中 1 件 (empty when nothing). */
function afterSaleText(line: Line) {
  return [
    line.refundedQuantity ? `已退 ${line.refundedQuantity} 件` : '',
    line.afterSaleHeld ? `售后中 ${line.afterSaleHeld} 件` : '',
  ]
    .filter(Boolean)
    .join('，');
}

/** Who did a step: the member or the system (null), the command line, or a staff member's login name. */
const actorText = (actor: string | null) => (actor === null ? '' : actor === OPS_ACTOR ? '命令行' : actor);

/**
 * One order: its state and the acts the staff member's permissions allow in it (发货, 追加物流, 标记签收,
 * 拆分订单, 退款), the consignee, the items and amounts, the shipment and the timeline of everything done to it.
 */
export function OrderDetailPage() {
  const { ordersCode = '' } = useParams();
  const detail = useConsoleOrder(ordersCode);
  const back = (
    <Link to="/admin/orders" className="console-back">
      <ArrowLeftOutlined /> 返回订单列表
    </Link>
  );
  if (detail.isError) {
    return (
      <div className="console-page">
        {back}
        <Alert type="error" showIcon title={getErrorMessage(detail.error)} />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="console-page">
        {back}
        <div className="card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    );
  }
  const order = detail.data;
  return (
    <div className="console-page order-detail">
      {back}
      <section className="card" aria-labelledby="order-title">
        <div className="card__header order-detail__header">
          <h2 id="order-title" className="card__title">
            订单 {order.ordersCode}
          </h2>
          <span className="order-detail__tags">
            {order.isRxDrug ? <Tag color="error">处方药</Tag> : null}
            <OrderStatusTag orderType={order.orderType} />
          </span>
        </div>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="下单时间">
            {formatDateTime(order.creationDate, 'YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label="支付方式">{PAYMENT_TYPE_NAME[order.paymentType] ?? ''}</Descriptions.Item>
          <Descriptions.Item label="会员手机">{order.memberPhone ?? ''}</Descriptions.Item>
          {order.parentOrderCode ? (
            <Descriptions.Item label="原订单">
              <Link to={orderPath(order.parentOrderCode)} className="console-link">
                {order.parentOrderCode}
              </Link>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        {order.isSplit ? (
          <div className="order-detail__children">
            <h3 className="order-detail__subtitle">已拆分为 {order.children.length} 个子订单</h3>
            <ul>
              {order.children.map((child) => (
                <li key={child.ordersCode}>
                  <Link to={orderPath(child.ordersCode)} className="console-link">
                    {child.ordersCode}
                  </Link>
                  <OrderStatusTag orderType={child.orderType} />
                  <span>{yuan(child.sum)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <OrderActs order={order} />
      </section>

      <section className="card" aria-labelledby="order-consignee-title">
        <h2 id="order-consignee-title" className="card__title order-detail__title">
          收货信息
        </h2>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="收货人">{order.consignee}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{order.consigneePhone}</Descriptions.Item>
          <Descriptions.Item label="收货地址" span={2}>
            {order.deliveryAddress}
          </Descriptions.Item>
          {order.remark ? (
            <Descriptions.Item label="买家留言" span={2}>
              {order.remark}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </section>

      <section className="card" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className="card__title order-detail__title">
          商品
        </h2>
        <RowsView
          label="商品"
          items={order.lines}
          rowKey={(line) => line.productCode}
          columns={LINE_COLUMNS}
          isLoading={false}
          emptyText="无商品"
          card={(line) => (
            <div className="console-card">
              <span className="console-card__head">
                <span>{line.productName}</span>
                {prescriptionMark(line.prescriptionType) === 'Rx' ? <Tag color="error">Rx</Tag> : null}
              </span>
              {line.packing ? <CardLine label="规格">{line.packing}</CardLine> : null}
              <CardLine label="单价 × 数量">
                {yuan(line.actualPrice)} × {line.amount}
              </CardLine>
              {afterSaleText(line) ? <CardLine label="售后">{afterSaleText(line)}</CardLine> : null}
            </div>
          )}
        />
        <dl className="order-detail__amounts">
          <div>
            <dt>商品金额</dt>
            <dd>{yuan(order.productMoney)}</dd>
          </div>
          <div>
            <dt>运费</dt>
            <dd>{yuan(order.transportCosts)}</dd>
          </div>
          {order.couponValue > 0 ? (
            <div>
              <dt>优惠</dt>
              <dd>-{yuan(order.couponValue)}</dd>
            </div>
          ) : null}
          {order.mallCoinMoney > 0 ? (
            <div>
              <dt>健康币抵扣</dt>
              <dd>-{yuan(order.mallCoinMoney)}</dd>
            </div>
          ) : null}
          <div className="order-detail__sum">
            <dt>实付金额</dt>
            <dd>{yuan(order.sum)}</dd>
          </div>
        </dl>
      </section>

      {order.shipment ? (
        <section className="card" aria-labelledby="order-shipment-title">
          <h2 id="order-shipment-title" className="card__title order-detail__title">
            物流信息
          </h2>
          <p className="order-detail__waybill">
            {order.shipment.carrier} · 运单号 <strong>{order.shipment.waybill}</strong>
          </p>
          <Timeline
            items={[...order.shipment.events].reverse().map((event, index) => ({
              key: `${event.time}-${index}`,
              color: index === 0 ? 'green' : 'gray',
              content: (
                <>
                  <div>{event.description}</div>
                  <div className="console-muted">{formatDateTime(event.time, 'YYYY-MM-DD HH:mm')}</div>
                </>
              ),
            }))}
          />
        </section>
      ) : null}

      <section className="card" aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title" className="card__title order-detail__title">
          订单时间线
        </h2>
        <Timeline
          items={order.timeline.map((entry, index) => ({
            key: `${entry.at}-${index}`,
            content: (
              <>
                <div className="order-detail__step">
                  <strong>{entry.title}</strong>
                  {entry.actor ? <span className="console-muted">操作人：{actorText(entry.actor)}</span> : null}
                </div>
                {entry.detail ? <div>{entry.detail}</div> : null}
                <div className="console-muted">{formatDateTime(entry.at, 'YYYY-MM-DD HH:mm:ss')}</div>
              </>
            ),
          }))}
        />
      </section>
    </div>
  );
}
