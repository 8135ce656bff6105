import { LeftOutlined } from '@ant-design/icons';
import { Button, Skeleton, Steps } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Result } from '../../../components/result.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime, yuan } from '../../../lib/format.ts';
import { ApplyAfterSaleButton, OrderAfterSales } from '../../aftersale/index.ts';
import { useOrderDetail } from '../api/get-order-detail.ts';
import { useOrderLogistics } from '../api/get-order-logistics.ts';
import type { Order } from '../api/get-orders.ts';
import { LogisticsPreview } from '../components/logistics-preview.tsx';
import { LogisticsTimeline } from '../components/logistics-timeline.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { PrescriptionProgress } from '../components/prescription-progress.tsx';
import '../orders.css';

// Most orders are not split: the parcels' note and tabs (antd's Alert and Tabs, about 20 KB) are fetched only
// for an order that is.
const SplitOrderTabs = lazy(async () => ({
  default: (await import('../components/split-order-tabs.tsx')).SplitOrderTabs,
}));

const CLOSED = ['canceled', 'completeTransaction', 'refundCompleteTransaction'];

const INVOICE_TYPE_NAME: Record<string, string> = {
  '1-1': '电子增值税普通发票',
  '2-1': '电子增值税普通发票',
  '1-2': '纸质增值税普通发票',
  '2-2': '纸质增值税普通发票',
};

/** A short line under the status telling the member what happens next. */
function statusHint(order: Order): string {
  switch (order.orderType) {
    case 'waitAudit':
      return order.isPaid
        ? '已付款，药师正在审核处方，审核通过后将尽快为您发货'
        : order.prescription
          ? '处方信息已完善，药师审核中；您也可以先完成付款'
          : '处方药订单需完善问诊信息，药师审核通过后方可发货';
    case 'waitPay':
      return order.payDeadline
        ? `请在 ${formatDateTime(order.payDeadline, 'YYYY-MM-DD HH:mm')} 前完成支付，逾期订单将自动取消`
        : '请尽快完成支付';
    case 'waitDelivery':
      return order.paymentType === 1 ? '货到付款订单，仓库正在为您备货' : '已付款，仓库正在为您备货';
    case 'waitReceiving':
      return '商品已发出，请注意查收';
    case 'waitEvaluate':
      return '交易已完成，期待您对商品的评价';
    case 'completeTransaction':
      return '感谢您在安心大药房购物';
    case 'canceled':
      return '订单已取消';
    case 'refundOrder':
      return '退款处理中，款项将原路退回';
    case 'refundCompleteTransaction':
      return '退款已完成，款项已原路退回';
  }
}

function StatusCard({ order, onDeleted }: { order: Order; onDeleted: () => void }) {
  const logistics = useOrderLogistics(order.ordersCode);
  const stages = logistics.data?.stages ?? [];
  const current = Math.max(0, stages.filter((stage) => stage.reach).length - 1);
  return (
    <section className="card order-detail-status">
      <div className="order-detail-status__main">
        <span className="order-detail-status__code">订单号：{order.ordersCode}</span>
        <strong
          className={
            CLOSED.includes(order.orderType)
              ? 'order-detail-status__name order-detail-status__name--closed'
              : 'order-detail-status__name'
          }
          data-testid="order-detail-status"
        >
          {order.orderStatusName}
        </strong>
        <span className="order-detail-status__hint">{statusHint(order)}</span>
      </div>
      <div className="order-detail-status__side">
        {stages.length ? (
          <Steps
            size="small"
            current={current}
            items={stages.map((stage) => ({
              title: stage.name,
              content: stage.time ? formatDateTime(stage.time, 'MM-DD HH:mm') : undefined,
              status: stage.reach ? 'finish' : 'wait',
            }))}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        )}
        <div className="order-detail-status__actions">
          <OrderActions order={order} layout="row" onDeleted={onDeleted} />
          <ApplyAfterSaleButton order={order} />
        </div>
      </div>
    </section>
  );
}

function LogisticsCard({ order }: { order: Order }) {
  const { data, isPending, isError } = useOrderLogistics(order.ordersCode);
  let body: ReactNode;
  if (isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (isError) body = <p className="order-detail-logistics__empty">物流信息暂时无法获取，请稍后再试</p>;
  else if (data.logisticsList.length === 0)
    body = <p className="order-detail-logistics__empty">{data.msg || '暂无物流信息'}</p>;
  else
    body = (
      <div className="order-detail-logistics">
        <div className="order-detail-logistics__carrier">
          <span>
            承运公司：<strong>{data.companeName}</strong>
          </span>
          <span>
            运单号：<strong>{data.shippingNo}</strong>
          </span>
          <span>发货时间：{formatDateTime(order.shippingTime)}</span>
        </div>
        <div className="order-detail-logistics__list" data-testid="logistics-timeline">
          <LogisticsTimeline entries={data.logisticsList} />
        </div>
      </div>
    );
  return (
    <section className="card">
      <header className="card__header">
        <h3 className="card__title">物流信息</h3>
        <LogisticsPreview ordersCode={order.ordersCode} shippingTime={order.shippingTime} placement="bottomRight" />
      </header>
      {body}
    </section>
  );
}

function InfoBlock({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <div className="order-info__block">
      <h4>{title}</h4>
      <dl>
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

function OrderInfoCard({ order }: { order: Order }) {
  return (
    <section className="card">
      <header className="card__header">
        <h3 className="card__title">订单信息</h3>
      </header>
      <div className="order-info">
        <InfoBlock
          title="收货信息"
          rows={[
            ['收货人', order.consignee],
            ['联系电话', order.consigneePhone],
            ['收货地址', order.deliveryAddress],
          ]}
        />
        <InfoBlock
          title="支付与配送"
          rows={[
            ['支付方式', order.paymentTypeName],
            ['下单时间', formatDateTime(order.creationDate)],
            ['付款时间', formatDateTime(order.paidAt)],
            ['发货时间', formatDateTime(order.shippingTime)],
            ['收货时间', formatDateTime(order.receivedAt)],
            ['完成时间', formatDateTime(order.completedAt)],
            ['取消时间', formatDateTime(order.canceledAt)],
          ]}
        />
        <InfoBlock
          title="发票信息"
          rows={
            order.invoice
              ? [
                  ['发票类型', INVOICE_TYPE_NAME[order.invoiceType ?? ''] ?? '增值税普通发票'],
                  ['发票抬头', order.consigneeType ?? '个人'],
                  ['纳税人识别号', order.taxPayerNumber],
                  ['发票内容', order.invoiceContent],
                  [
                    '开票状态',
                    order.isInvoiced ? (
                      <Link
                        key="invoice"
                        to={`/user/personal/invoice/detail/${order.ordersCode}`}
                        data-testid="order-invoice-link"
                      >
                        已开票 · 查看发票
                      </Link>
                    ) : (
                      '未开票'
                    ),
                  ],
                ]
              : [['发票', '不开发票']]
          }
        />
      </div>
    </section>
  );
}

function ProductsCard({ order }: { order: Order }) {
  return (
    <section className="card">
      <header className="card__header">
        <h3 className="card__title">商品清单</h3>
      </header>
      <div className="order-products-head" aria-hidden>
        <span>商品</span>
        <span />
        <span>单价</span>
        <span>数量</span>
      </div>
      <OrderLines lines={order.orderProducts} />
      <dl className="order-amounts">
        <dt>商品金额：</dt>
        <dd>{yuan(order.productMoney)}</dd>
        <dt>运费：</dt>
        <dd>+{yuan(order.transportCosts)}</dd>
        {order.couponValue > 0 ? (
          <>
            <dt>优惠：</dt>
            <dd>-{yuan(order.couponValue)}</dd>
          </>
        ) : null}
        {order.mallCoinMoney > 0 ? (
          <>
            <dt>健康币抵扣：</dt>
            <dd data-testid="order-coin-money">-{yuan(order.mallCoinMoney)}</dd>
          </>
        ) : null}
        <dt className="order-amounts__total">实付款：</dt>
        <dd className="order-amounts__total" data-testid="order-sum">
          {yuan(order.sum)}
        </dd>
      </dl>
    </section>
  );
}

function OrderSections({ order, onDeleted }: { order: Order; onDeleted: () => void }) {
  return (
    <>
      <StatusCard order={order} onDeleted={onDeleted} />
      {order.isRxDrug ? <PrescriptionProgress order={order} /> : null}
      <OrderAfterSales order={order} />
      <LogisticsCard order={order} />
      <OrderInfoCard order={order} />
      <ProductsCard order={order} />
    </>
  );
}

/** /user/order/detail/{id}: status, logistics, order info, products, amounts; one tab per sub-order. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: orders, isPending, isError, error, refetch } = useOrderDetail(id);
  const onDeleted = () => navigate('/user/order/mine/all', { replace: true });

  const back = (
    <Link to="/user/order/mine/all" className="card__more">
      <LeftOutlined /> 返回我的订单
    </Link>
  );

  if (isPending) return <Skeleton active paragraph={{ rows: 12 }} className="card" />;
  if (isError) {
    const isMissing = isApiError(error) && error.status === 404;
    return (
      <div className="card">
        <Result
          status={isMissing ? '404' : 'warning'}
          title={isMissing ? '订单不存在' : error.message}
          subTitle={isMissing ? '该订单不存在或已被删除' : undefined}
          extra={
            isMissing ? (
              <Button type="primary" onClick={onDeleted}>
                返回我的订单
              </Button>
            ) : (
              <Button type="primary" onClick={() => void refetch()}>
                重试
              </Button>
            )
          }
        />
      </div>
    );
  }

  if (orders.length === 1 && !orders[0]?.parentOrderCode) {
    return (
      <div className="order-detail">
        <div className="order-detail__back">{back}</div>
        <OrderSections order={orders[0] as Order} onDeleted={onDeleted} />
      </div>
    );
  }

  const requested =
    searchParams.get('sub') ?? (orders.some((order) => order.ordersCode === id) ? id : orders[0]?.ordersCode);
  return (
    <div className="order-detail">
      <div className="order-detail__back">{back}</div>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} className="card" />}>
        <SplitOrderTabs
          orders={orders}
          openedCode={id}
          activeCode={requested}
          onChange={(key) => setSearchParams({ sub: key }, { replace: true })}
          renderOrder={(order) => <OrderSections order={order} onDeleted={onDeleted} />}
        />
      </Suspense>
    </div>
  );
}
